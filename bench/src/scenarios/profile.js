"use strict";
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
exports.profileScenario = void 0;
var shared_1 = require("@app/shared");
var users_service_ts_1 = require("../../../apps/server/src/modules/users/users.service.ts");
var sessions_service_ts_1 = require("../../../apps/server/src/modules/sessions/sessions.service.ts");
var ceiling_ts_1 = require("../lib/ceiling.ts");
var load_ts_1 = require("../lib/load.ts");
var server_ts_1 = require("../lib/server.ts");
var SEED_USERS = 1000;
/** GET /api/user/profile with a bearer token: session lookup, user row and ledger balance per request. */
exports.profileScenario = {
    name: 'profile',
    description: "GET /api/user/profile (authenticated) on a database of ".concat(SEED_USERS, " users"),
    run: function () {
        return __awaiter(this, void 0, void 0, function () {
            var server, token, _loop_1, i, check, body, result;
            var _a;
            var _this = this;
            return __generator(this, function (_b) {
                switch (_b.label) {
                    case 0: return [4 /*yield*/, (0, server_ts_1.startBenchServer)()];
                    case 1:
                        server = _b.sent();
                        _b.label = 2;
                    case 2:
                        _b.trys.push([2, , 11, 13]);
                        token = '';
                        _loop_1 = function (i) {
                            var user, session;
                            return __generator(this, function (_c) {
                                switch (_c.label) {
                                    case 0: return [4 /*yield*/, server.ctx.db.transaction().execute(function (trx) { return __awaiter(_this, void 0, void 0, function () {
                                            var _a, _b;
                                            var _c;
                                            return __generator(this, function (_d) {
                                                switch (_d.label) {
                                                    case 0:
                                                        _a = users_service_ts_1.createUser;
                                                        _b = [trx];
                                                        _c = {};
                                                        return [4 /*yield*/, (0, users_service_ts_1.freeUsername)(trx, "bench".concat(i))];
                                                    case 1: return [2 /*return*/, _a.apply(void 0, _b.concat([(_c.username = _d.sent(), _c.email = "bench".concat(i, "@example.com"), _c.role = 'user', _c)]))];
                                                }
                                            });
                                        }); })];
                                    case 1:
                                        user = _c.sent();
                                        return [4 /*yield*/, (0, sessions_service_ts_1.createSession)(server.ctx.db, user.id, 3600000)];
                                    case 2:
                                        session = _c.sent();
                                        if (i === SEED_USERS / 2)
                                            token = session;
                                        return [2 /*return*/];
                                }
                            });
                        };
                        i = 0;
                        _b.label = 3;
                    case 3:
                        if (!(i < SEED_USERS)) return [3 /*break*/, 6];
                        return [5 /*yield**/, _loop_1(i)];
                    case 4:
                        _b.sent();
                        _b.label = 5;
                    case 5:
                        i++;
                        return [3 /*break*/, 3];
                    case 6: return [4 /*yield*/, fetch("".concat(server.url, "/api/user/profile"), { headers: { authorization: "Bearer ".concat(token) } })];
                    case 7:
                        check = _b.sent();
                        return [4 /*yield*/, check.json()];
                    case 8:
                        body = (_b.sent());
                        if (check.status !== 200 || body.total_tokens * 1e6 !== shared_1.Rewards.welcome)
                            throw new Error("profile check failed: ".concat(check.status));
                        return [4 /*yield*/, (0, load_ts_1.measure)("".concat(server.url, "/api/user/profile"), { authorization: "Bearer ".concat(token) })];
                    case 9:
                        result = _b.sent();
                        _a = { result: result };
                        return [4 /*yield*/, (0, ceiling_ts_1.helloWorldCeiling)()];
                    case 10: return [2 /*return*/, (_a.ceiling = _b.sent(), _a)];
                    case 11: return [4 /*yield*/, server.close()];
                    case 12:
                        _b.sent();
                        return [7 /*endfinally*/];
                    case 13: return [2 /*return*/];
                }
            });
        });
    },
};
