/** Paid events per client address and UTC day (the address only as a keyed hash). */
export interface AddressDailyCountersTable {
  address_key: string;
  day: string;
  counter: string;
  value: number;
}
