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
exports.userRoutes = void 0;
var shared_1 = require("@app/shared");
var authenticate_ts_1 = require("../../http/authenticate.ts");
var errors_ts_1 = require("../../http/errors.ts");
var multipart_ts_1 = require("../../http/multipart.ts");
var users_service_ts_1 = require("./users.service.ts");
var tags = ['users'];
var userRoutes = function (app) { return __awaiter(void 0, void 0, void 0, function () {
    return __generator(this, function (_a) {
        app.get('/api/user/profile', { schema: { tags: tags, summary: 'The signed-in user', response: { 200: shared_1.UserSchema } } }, function (req) { return __awaiter(void 0, void 0, void 0, function () { var _a, _b; return __generator(this, function (_c) {
            switch (_c.label) {
                case 0:
                    _a = users_service_ts_1.getUser;
                    _b = [app.ctx.db];
                    return [4 /*yield*/, (0, authenticate_ts_1.requireUser)(req)];
                case 1: return [2 /*return*/, _a.apply(void 0, _b.concat([(_c.sent()).id]))];
            }
        }); }); });
        // The spec's client sends multipart/form-data; JSON is accepted too.
        app.put('/api/user/profile', { schema: { tags: tags, summary: 'Update the signed-in user (username)', consumes: ['multipart/form-data', 'application/json'], response: { 200: shared_1.UserSchema } } }, function (req) { return __awaiter(void 0, void 0, void 0, function () {
            var user, fields, _a, parsed;
            var _b, _c, _d;
            return __generator(this, function (_e) {
                switch (_e.label) {
                    case 0: return [4 /*yield*/, (0, authenticate_ts_1.requireUser)(req)];
                    case 1:
                        user = _e.sent();
                        if (!req.isMultipart()) return [3 /*break*/, 3];
                        return [4 /*yield*/, (0, multipart_ts_1.readFields)(req)];
                    case 2:
                        _a = _e.sent();
                        return [3 /*break*/, 4];
                    case 3:
                        _a = ((_b = req.body) !== null && _b !== void 0 ? _b : {});
                        _e.label = 4;
                    case 4:
                        fields = _a;
                        parsed = shared_1.ProfileUpdateSchema.safeParse(fields);
                        if (!parsed.success)
                            throw (0, errors_ts_1.validationFailed)((_d = (_c = parsed.error.issues[0]) === null || _c === void 0 ? void 0 : _c.message) !== null && _d !== void 0 ? _d : 'Invalid profile');
                        if (parsed.data.username === undefined)
                            return [2 /*return*/, (0, users_service_ts_1.getUser)(app.ctx.db, user.id)];
                        return [2 /*return*/, (0, users_service_ts_1.renameUser)(app.ctx.db, user.id, parsed.data.username)];
                }
            });
        }); });
        return [2 /*return*/];
    });
}); };
exports.userRoutes = userRoutes;
