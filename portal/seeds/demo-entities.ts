// Demo reporting entities: six sectors, their categories and thirty entities with every
// field of the entity form filled. Values derive from the entity's position, so every run
// produces the same rows.
import type { Knex } from 'knex';
import { insertRows } from './support.js';

/** [id, name, code, nature of business, base authorised capital in USD]. */
const SECTORS: [number, string, string, string, number][] = [
  [1, 'Banking', 'BNK', 'Banking and investment banking business', 50_000_000],
  [2, 'Insurance', 'INS', 'Insurance, reinsurance and captive insurance business', 20_000_000],
  [3, 'Capital Market', 'CMK', 'Fund management and securities dealing', 5_000_000],
  [4, 'Fintech', 'FIN', 'Digital payment and financial technology services', 2_000_000],
  [5, 'Money Broker', 'MBR', 'Money broking and inter-dealer services', 1_000_000],
  [6, 'Trust Company', 'TRC', 'Trust, fiduciary and company secretarial services', 500_000],
];

/** [id, name, sector]. 100211-100213 are the banking form categories of seed 003 §6. */
const CATEGORIES: [number, string, number][] = [
  [100211, 'Main', 1],
  [100212, 'SMD', 1],
  [100213, 'App I/II', 1],
  [100221, 'Insurance', 2],
  [100222, 'Captive Insurance', 2],
  [100231, 'Capital Market', 3],
  [100241, 'Fintech', 4],
  [100251, 'Money Broking', 5],
  [100261, 'Trust Company', 6],
];

const NAMES: Record<number, string[]> = {
  1: ['Harbourline Bank Ltd', 'Coral Reef Bank (L) Ltd', 'Meridian Trade Bank Ltd', 'Eastgate Investment Bank Ltd', 'Pacific Crest Bank Ltd'],
  2: ['Bluewater Assurance (L) Ltd', 'Sentinel Reinsurance Ltd', 'Tidewell Captive Insurance Ltd', 'Lighthouse General Insurance Ltd', 'Northstar Life Assurance Ltd'],
  3: ['Granite Peak Capital Ltd', 'Silverbay Fund Management Ltd', 'Orchid Securities (L) Ltd', 'Summit Ridge Asset Management Ltd', 'Kestrel Investment Partners Ltd'],
  4: ['Ledgerly Digital Ltd', 'PayHarbour Technologies Ltd', 'CoinVault Exchange (L) Ltd', 'Nimbus Payments Ltd', 'QuantaLend Ltd'],
  5: ['Anchor Money Brokers Ltd', 'Straits FX Broking Ltd', 'Compass Interdealer Ltd', 'Tradewind Money Broking Ltd', 'Bayfront Brokerage Ltd'],
  6: ['Evergreen Trustees (L) Ltd', 'Keystone Trust Company Ltd', 'Palm Court Fiduciary Ltd', 'Heritage Trust Services Ltd', 'Oakbridge Trust Ltd'],
};

const ORIGINS = ['Malaysia', 'Singapore', 'United Kingdom', 'Japan', 'Hong Kong', 'Australia', 'Switzerland'];
const YEAR_ENDS = ['31/12', '31/03', '30/06', '30/09'];
/** The last entity of sectors 1, 3 and 5 is Inactive, so lists and filters have both states. */
const INACTIVE_IDS = new Set([5, 15, 25]);

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const money = (n: number) => `${n}.00`;
const shares = (n: number) => `${n.toLocaleString('en-US')} ordinary shares of USD 1.00 each`;
const slug = (name: string) => name.toLowerCase().replace(/\(l\)|ltd/g, '').replace(/[^a-z0-9]+/g, '').slice(0, 30);

function entityRow(id: number, name: string, sector: (typeof SECTORS)[number], createon: string) {
  const [sectorId, , code, nature, base] = sector;
  const authorized = base + id * 250_000;
  const issued = Math.round((authorized * 3) / 5);
  const paidUp = Math.round((issued * 4) / 5);
  const year = 1995 + ((id * 7) % 25);
  const month = 1 + ((id * 5) % 12);
  const day = 1 + ((id * 11) % 28);
  const trustees = NAMES[6];
  return {
    id,
    companyno: `LL${pad(10_000 + id * 137, 5)}`,
    otherno: `${code}${pad(year % 100)}${pad(id, 4)}`,
    name,
    email: `compliance@${slug(name)}.example`,
    owner: `${name.split(' ')[0]} Holdings Group`,
    state: INACTIVE_IDS.has(id) ? 4 : 33,
    dateincorporated: `${year}-${pad(month)}-${pad(day)}`,
    branchtype: 'ABCD'[id % 4],
    comporigin: ORIGINS[id % ORIGINS.length],
    // Offset by two from the entity's own slot, so a trust company is never its own trustee.
    trustcompany: trustees[(id + 1) % trustees.length],
    authorizedcapital: money(authorized),
    divisionofauthorized: shares(authorized),
    bussnature: nature,
    paupcapital: money(paidUp),
    isscapital: money(issued),
    divpaupcapital: shares(paidUp),
    divisscapital: shares(issued),
    fy: YEAR_ENDS[id % YEAR_ENDS.length],
    shaalldate: `${year + 1}-${pad(month)}-${pad(day)}`,
    sector: sectorId,
    createon,
  };
}

function demoEntities(createon: string) {
  return SECTORS.flatMap((sector, s) => NAMES[sector[0]].map((name, i) => entityRow(s * 5 + i + 1, name, sector, createon)));
}

export async function seedDemoEntities(db: Knex, createon: string): Promise<Record<string, number>> {
  const sectors = SECTORS.map(([id, name, code]) => ({ id, name, code, state: 33, MainSector_Ind: true, createon }));
  const categories = CATEGORIES.map(([id, name, sector]) => ({ id, name, sector, state: 33, createon }));
  const entities = demoEntities(createon);

  // Each entity reports under its sector's first category; two banks also under SMD / App I/II.
  const firstCategory = (sector: number) => CATEGORIES.find((c) => c[2] === sector)![0];
  const links = [
    ...entities.map((e) => ({ link_fk_re: e.id, link_fk_recategory: firstCategory(e.sector) })),
    { link_fk_re: 2, link_fk_recategory: 100212 },
    { link_fk_re: 3, link_fk_recategory: 100213 },
  ];

  return {
    sector: await insertRows(db, 'sector', sectors),
    recategory: await insertRows(db, 'recategory', categories),
    re: await insertRows(db, 're', entities),
    re_recategory: await insertRows(db, 're_recategory', links),
  };
}
