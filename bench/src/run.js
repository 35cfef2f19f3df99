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
var load_ts_1 = require("./lib/load.ts");
var profile_ts_1 = require("./scenarios/profile.ts");
var scenarios = [profile_ts_1.profileScenario];
var fmt = function (n, digits) {
    if (digits === void 0) { digits = 0; }
    return n.toFixed(digits).padStart(10);
};
function main(names) {
    return __awaiter(this, void 0, void 0, function () {
        var unknown, chosen, database, _i, chosen_1, scenario, _a, result, ceiling, ratio;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    unknown = names.filter(function (n) { return !scenarios.some(function (s) { return s.name === n; }); });
                    if (unknown.length)
                        throw new Error("Unknown scenario(s): ".concat(unknown.join(', '), ". Known: ").concat(scenarios.map(function (s) { return s.name; }).join(', ')));
                    chosen = names.length ? scenarios.filter(function (s) { return names.includes(s.name); }) : scenarios;
                    database = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
                    console.log("Tarang bench: ".concat(chosen.length, " scenario(s), ").concat((0, load_ts_1.benchSeconds)(), " s each, 50 connections, ").concat(database, "\n"));
                    console.log("".concat('scenario'.padEnd(12)).concat('req/s'.padStart(10)).concat('p50 ms'.padStart(10)).concat('p99 ms'.padStart(10)).concat('ceiling'.padStart(10)).concat('ratio'.padStart(10)).concat('errors'.padStart(10)));
                    _i = 0, chosen_1 = chosen;
                    _b.label = 1;
                case 1:
                    if (!(_i < chosen_1.length)) return [3 /*break*/, 4];
                    scenario = chosen_1[_i];
                    return [4 /*yield*/, scenario.run()];
                case 2:
                    _a = _b.sent(), result = _a.result, ceiling = _a.ceiling;
                    ratio = result.requestsPerSecond / ceiling.requestsPerSecond;
                    console.log("".concat(scenario.name.padEnd(12)).concat(fmt(result.requestsPerSecond)).concat(fmt(result.p50Ms, 1)).concat(fmt(result.p99Ms, 1)).concat(fmt(ceiling.requestsPerSecond)).concat(fmt(ratio, 3)).concat(fmt(result.errors + result.non2xx)));
                    console.log("  ".concat(scenario.description, "; ceiling: bare Fastify hello-world, same run"));
                    _b.label = 3;
                case 3:
                    _i++;
                    return [3 /*break*/, 1];
                case 4: return [2 /*return*/];
            }
        });
    });
}
main(process.argv.slice(2)).then(function () { return process.exit(0); }, function (err) {
    console.error(err);
    process.exit(1);
});
