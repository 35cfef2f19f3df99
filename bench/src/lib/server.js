"use strict";
var __assign = (this && this.__assign) || function () {
    __assign = Object.assign || function(t) {
        for (var s, i = 1, n = arguments.length; i < n; i++) {
            s = arguments[i];
            for (var p in s) if (Object.prototype.hasOwnProperty.call(s, p))
                t[p] = s[p];
        }
        return t;
    };
    return __assign.apply(this, arguments);
};
var __awaiter = (this && this.__awaiter) || function (thisArg, _arguments, P, generator) {
    function adopt(value) { return value instanceof P ? value : new P(function (resolve) { resolve(value); }); }
    return new (P || (P = Promise))(function (resolve, reject) {
        function fulfilled(value) { try { step(generator.next(value)); } catch (e) { reject(e); } }
        function rejected(value) { try { step(generator["throw"](value)); } catch (e) { reject(e); } }
        function step(result) { result.done ? resolve(result.value) : adopt(result.value).then(fulfilled, rejected); }
        step((generator = generator.apply(thisArg, _arguments || [])).next());
    });
};
var __generator = (this && this.__generator) || function (thisArg, body) {
    var _ = { label: 0, sent: function() { if (t[0] & 1) throw t[1]; return t[1]; }, trys: [], ops: [] }, f, y, t, g = Object.create((typeof Iterator === "function" ? Iterator : Object).prototype);
    return g.next = verb(0), g["throw"] = verb(1), g["return"] = verb(2), typeof Symbol === "function" && (g[Symbol.iterator] = function() { return this; }), g;
    function verb(n) { return function (v) { return step([n, v]); }; }
    function step(op) {
        if (f) throw new TypeError("Generator is already executing.");
        while (g && (g = 0, op[0] && (_ = 0)), _) try {
            if (f = 1, y && (t = op[0] & 2 ? y["return"] : op[0] ? y["throw"] || ((t = y["return"]) && t.call(y), 0) : y.next) && !(t = t.call(y, op[1])).done) return t;
            if (y = 0, t) op = [op[0] & 2, t.value];
            switch (op[0]) {
                case 0: case 1: t = op; break;
                case 4: _.label++; return { value: op[1], done: false };
                case 5: _.label++; y = op[1]; op = [0]; continue;
                case 7: op = _.ops.pop(); _.trys.pop(); continue;
                default:
                    if (!(t = _.trys, t = t.length > 0 && t[t.length - 1]) && (op[0] === 6 || op[0] === 2)) { _ = 0; continue; }
                    if (op[0] === 3 && (!t || (op[1] > t[0] && op[1] < t[3]))) { _.label = op[1]; break; }
                    if (op[0] === 6 && _.label < t[1]) { _.label = t[1]; t = op; break; }
                    if (t && _.label < t[2]) { _.label = t[2]; _.ops.push(op); break; }
                    if (t[2]) _.ops.pop();
                    _.trys.pop(); continue;
            }
            op = body.call(thisArg, _);
        } catch (e) { op = [6, e]; y = 0; } finally { f = t = 0; }
        if (op[0] & 5) throw op[1]; return { value: op[0] ? op[1] : void 0, done: true };
    }
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.startBenchServer = startBenchServer;
var node_fs_1 = require("node:fs");
var node_os_1 = require("node:os");
var node_path_1 = require("node:path");
var app_ts_1 = require("../../../apps/server/src/app.ts");
var boot_ts_1 = require("../../../apps/server/src/boot.ts");
var config_ts_1 = require("../../../apps/server/src/config.ts");
var fresh_database_ts_1 = require("../../../apps/server/src/testing/fresh-database.ts");
/** The real server, production settings, on a fresh database (PostgreSQL when DATABASE_URL is set). */
function startBenchServer() {
    return __awaiter(this, void 0, void 0, function () {
        var dataDir, fresh, config, _a, ctx, close, app, url;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    dataDir = node_fs_1.default.mkdtempSync(node_path_1.default.join(node_os_1.default.tmpdir(), 'tarang-bench-'));
                    return [4 /*yield*/, (0, fresh_database_ts_1.createFreshDatabase)()];
                case 1:
                    fresh = _b.sent();
                    config = (0, config_ts_1.loadConfig)(__assign(__assign({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_MAX: String(1e9), HOST: '127.0.0.1', PORT: '0' }, (fresh ? { DATABASE_URL: fresh.url } : {})), (fresh && process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL, REDIS_PREFIX: "bench-".concat(process.pid, ":") } : {})));
                    return [4 /*yield*/, (0, boot_ts_1.createContext)(config)];
                case 2:
                    _a = _b.sent(), ctx = _a.ctx, close = _a.close;
                    return [4 /*yield*/, (0, app_ts_1.buildApp)(ctx)];
                case 3:
                    app = _b.sent();
                    return [4 /*yield*/, app.listen({ host: '127.0.0.1', port: 0 })];
                case 4:
                    url = _b.sent();
                    return [2 /*return*/, {
                            app: app,
                            ctx: ctx,
                            url: url,
                            close: function () {
                                return __awaiter(this, void 0, void 0, function () {
                                    return __generator(this, function (_a) {
                                        switch (_a.label) {
                                            case 0: return [4 /*yield*/, app.close()];
                                            case 1:
                                                _a.sent();
                                                return [4 /*yield*/, close()];
                                            case 2:
                                                _a.sent();
                                                return [4 /*yield*/, (fresh === null || fresh === void 0 ? void 0 : fresh.drop())];
                                            case 3:
                                                _a.sent();
                                                node_fs_1.default.rmSync(dataDir, { recursive: true, force: true });
                                                return [2 /*return*/];
                                        }
                                    });
                                });
                            },
                        }];
            }
        });
    });
}
