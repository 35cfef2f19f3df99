"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.presentUser = presentUser;
var shared_1 = require("@app/shared");
/** users row + ledger balance -> the API's user (spec core §3). Never exposes the password hash. */
function presentUser(row, balanceMicro) {
    return {
        id: row.id,
        username: row.username,
        email: row.email,
        total_tokens: (0, shared_1.microToTokens)(balanceMicro),
        created_at: row.created_at,
        wallet_address: row.wallet_address,
        role: row.role,
    };
}
