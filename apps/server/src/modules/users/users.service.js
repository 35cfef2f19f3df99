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
exports.containsReservedPart = exports.USERNAME_RESERVED = exports.USERNAME_TAKEN = void 0;
exports.getUser = getUser;
exports.createUser = createUser;
exports.freeUsername = freeUsername;
exports.assertUsernameAllowed = assertUsernameAllowed;
exports.renameUser = renameUser;
exports.grantRole = grantRole;
var shared_1 = require("@app/shared");
var database_ts_1 = require("../../db/database.ts");
var errors_ts_1 = require("../../http/errors.ts");
var ids_ts_1 = require("../../lib/ids.ts");
var ledger_service_ts_1 = require("../ledger/ledger.service.ts");
var users_presenter_ts_1 = require("./users.presenter.ts");
var repo = require("./users.repository.ts");
exports.USERNAME_TAKEN = 'Username is already taken';
exports.USERNAME_RESERVED = 'Usernames containing "admin" or "support" are reserved for staff';
var containsReservedPart = function (username) {
    return shared_1.ReservedUsernameParts.some(function (part) { return username.toLowerCase().includes(part); });
};
exports.containsReservedPart = containsReservedPart;
function getUser(db, id) {
    return __awaiter(this, void 0, void 0, function () {
        var row, _a, _b;
        return __generator(this, function (_c) {
            switch (_c.label) {
                case 0: return [4 /*yield*/, repo.findById(db, id)];
                case 1:
                    row = _c.sent();
                    if (!row)
                        throw (0, errors_ts_1.notFound)('User not found');
                    _a = users_presenter_ts_1.presentUser;
                    _b = [row];
                    return [4 /*yield*/, (0, ledger_service_ts_1.balanceOf)(db, (0, ledger_service_ts_1.userAccountId)(id))];
                case 2: return [2 /*return*/, _a.apply(void 0, _b.concat([_c.sent()]))];
            }
        });
    });
}
/**
 * Creates the user, its ledger account and the welcome bonus in the caller's transaction, so a
 * user never exists without its 100 tokens and the bonus is never paid twice.
 */
function createUser(trx, input) {
    return __awaiter(this, void 0, void 0, function () {
        var at, row;
        var _a, _b, _c, _d;
        return __generator(this, function (_e) {
            switch (_e.label) {
                case 0:
                    at = (0, ids_ts_1.nowIso)();
                    row = {
                        id: (0, ids_ts_1.newId)(),
                        username: input.username,
                        username_key: input.username.toLowerCase(),
                        email: (_b = (_a = input.email) === null || _a === void 0 ? void 0 : _a.toLowerCase()) !== null && _b !== void 0 ? _b : null,
                        password_hash: (_c = input.passwordHash) !== null && _c !== void 0 ? _c : null,
                        wallet_address: (_d = input.walletAddress) !== null && _d !== void 0 ? _d : null,
                        role: input.role,
                        created_at: at,
                        updated_at: at,
                    };
                    return [4 /*yield*/, repo.insertUser(trx, row)];
                case 1:
                    _e.sent();
                    return [4 /*yield*/, (0, ledger_service_ts_1.openUserAccount)(trx, row.id)];
                case 2:
                    _e.sent();
                    return [4 /*yield*/, (0, ledger_service_ts_1.transfer)({ from: ledger_service_ts_1.SystemAccount.mint, to: (0, ledger_service_ts_1.userAccountId)(row.id), amount: shared_1.Rewards.welcome, kind: 'welcome_bonus', ref: row.id, idempotencyKey: "welcome:".concat(row.id) }, trx)];
                case 3:
                    _e.sent();
                    return [2 /*return*/, row];
            }
        });
    });
}
/** A free username built from a base (e.g. "user-3fa2c1"), adding random digits when taken. */
function freeUsername(db, base) {
    return __awaiter(this, void 0, void 0, function () {
        var clean, candidate, attempt;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    clean = base.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 24);
                    candidate = clean.length >= 3 && !(0, exports.containsReservedPart)(clean) ? clean : "user-".concat((0, ids_ts_1.newId)(6).toLowerCase());
                    attempt = 0;
                    _a.label = 1;
                case 1: return [4 /*yield*/, repo.usernameTaken(db, candidate)];
                case 2:
                    if (!_a.sent()) return [3 /*break*/, 4];
                    candidate = "".concat(clean.slice(0, 20) || 'user', "-").concat((0, ids_ts_1.newId)(attempt < 3 ? 4 : 8).toLowerCase());
                    _a.label = 3;
                case 3:
                    attempt++;
                    return [3 /*break*/, 1];
                case 4: return [2 /*return*/, candidate];
            }
        });
    });
}
function assertUsernameAllowed(username, role) {
    if ((0, exports.containsReservedPart)(username) && !(0, shared_1.isStaff)(role))
        throw (0, errors_ts_1.badRequest)(exports.USERNAME_RESERVED);
}
function renameUser(db, userId, username) {
    return __awaiter(this, void 0, void 0, function () {
        var row, err_1;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, repo.findById(db, userId)];
                case 1:
                    row = _a.sent();
                    if (!row)
                        throw (0, errors_ts_1.notFound)('User not found');
                    if (!(row.username !== username)) return [3 /*break*/, 6];
                    assertUsernameAllowed(username, row.role);
                    return [4 /*yield*/, repo.usernameTaken(db, username, userId)];
                case 2:
                    if (_a.sent())
                        throw (0, errors_ts_1.conflict)(exports.USERNAME_TAKEN);
                    _a.label = 3;
                case 3:
                    _a.trys.push([3, 5, , 6]);
                    return [4 /*yield*/, repo.updateUsername(db, userId, username, (0, ids_ts_1.nowIso)())];
                case 4:
                    _a.sent();
                    return [3 /*break*/, 6];
                case 5:
                    err_1 = _a.sent();
                    if ((0, database_ts_1.isUniqueViolation)(err_1))
                        throw (0, errors_ts_1.conflict)(exports.USERNAME_TAKEN);
                    throw err_1;
                case 6: return [2 /*return*/, getUser(db, userId)];
            }
        });
    });
}
/** Raises a user to a staff role (ADMIN_* lists or the admin CLI); never lowers one silently. */
function grantRole(db, userId, role) {
    return __awaiter(this, void 0, void 0, function () {
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, repo.setRole(db, userId, role, (0, ids_ts_1.nowIso)())];
                case 1:
                    _a.sent();
                    return [2 /*return*/];
            }
        });
    });
}
