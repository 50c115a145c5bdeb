/**
 * The Nigerian banks a business can be paid to, with their codes in Paystack's list of banks
 * (`GET /bank?country=nigeria`; the NIBSS codes for commercial banks, Paystack's own for the
 * mobile money banks). One list: the console's select, the server's check and the simulator's
 * `/bank` all read it. `name` is Paystack's; `shortName` is what the console shows.
 */
export interface Bank {
  code: string;
  name: string;
  shortName: string;
  slug: string;
}

export const nigerianBanks: readonly Bank[] = [
  { code: "044", name: "Access Bank", shortName: "Access Bank", slug: "access-bank" },
  { code: "023", name: "Citibank Nigeria", shortName: "Citibank", slug: "citibank-nigeria" },
  { code: "050", name: "Ecobank Nigeria", shortName: "Ecobank", slug: "ecobank-nigeria" },
  { code: "070", name: "Fidelity Bank", shortName: "Fidelity Bank", slug: "fidelity-bank" },
  {
    code: "011",
    name: "First Bank of Nigeria",
    shortName: "First Bank",
    slug: "first-bank-of-nigeria",
  },
  {
    code: "214",
    name: "First City Monument Bank",
    shortName: "FCMB",
    slug: "first-city-monument-bank",
  },
  { code: "00103", name: "Globus Bank", shortName: "Globus Bank", slug: "globus-bank" },
  { code: "058", name: "Guaranty Trust Bank", shortName: "GTBank", slug: "guaranty-trust-bank" },
  { code: "301", name: "Jaiz Bank", shortName: "Jaiz Bank", slug: "jaiz-bank" },
  { code: "082", name: "Keystone Bank", shortName: "Keystone Bank", slug: "keystone-bank" },
  { code: "50211", name: "Kuda Bank", shortName: "Kuda", slug: "kuda-bank" },
  { code: "50515", name: "Moniepoint MFB", shortName: "Moniepoint", slug: "moniepoint-mfb-ng" },
  {
    code: "999992",
    name: "OPay Digital Services Limited (OPay)",
    shortName: "OPay",
    slug: "paycom",
  },
  { code: "999991", name: "PalmPay", shortName: "PalmPay", slug: "palmpay" },
  { code: "076", name: "Polaris Bank", shortName: "Polaris Bank", slug: "polaris-bank" },
  { code: "101", name: "Providus Bank", shortName: "Providus Bank", slug: "providus-bank" },
  { code: "221", name: "Stanbic IBTC Bank", shortName: "Stanbic IBTC", slug: "stanbic-ibtc-bank" },
  {
    code: "068",
    name: "Standard Chartered Bank",
    shortName: "Standard Chartered",
    slug: "standard-chartered-bank",
  },
  { code: "232", name: "Sterling Bank", shortName: "Sterling Bank", slug: "sterling-bank" },
  { code: "100", name: "Suntrust Bank", shortName: "SunTrust Bank", slug: "suntrust-bank" },
  { code: "302", name: "TAJ Bank", shortName: "TAJBank", slug: "taj-bank" },
  {
    code: "102",
    name: "Titan Trust Bank",
    shortName: "Titan Trust Bank",
    slug: "titan-trust-bank",
  },
  {
    code: "032",
    name: "Union Bank of Nigeria",
    shortName: "Union Bank",
    slug: "union-bank-of-nigeria",
  },
  { code: "033", name: "United Bank For Africa", shortName: "UBA", slug: "united-bank-for-africa" },
  { code: "215", name: "Unity Bank", shortName: "Unity Bank", slug: "unity-bank" },
  { code: "035", name: "Wema Bank", shortName: "Wema Bank", slug: "wema-bank" },
  { code: "057", name: "Zenith Bank", shortName: "Zenith Bank", slug: "zenith-bank" },
];

export function bankByCode(code: string): Bank | undefined {
  return nigerianBanks.find((bank) => bank.code === code);
}

/** "GTBank ••••6789": which account it is, without the whole number. */
export function accountLabel(account: { bankName: string; accountLast4: string }): string {
  return `${account.bankName} ••••${account.accountLast4}`;
}
