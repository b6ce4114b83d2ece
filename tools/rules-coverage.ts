/**
 * docs/RULES.md "How often each rule happens": for every action kind of Merlin's default ruleset, the rulebook
 * section it belongs to, the share of games in which it was legal and in which it was taken with four heuristic
 * players, and, for a kind legal in fewer than 1% of the games, why and what makes it reachable
 * (docs/data/rules/why-rare.json, written by hand). Writes the table file docs/data/rules/coverage.json, which
 * RULES.md shows through tools/doc-figures.ts; tools/test/rules-coverage.test.ts fails when a rare kind has no note.
 *
 *   npx tsx tools/rules-coverage.ts                      probe 2,000 games (seed `cov`), then write the table
 *   npx tsx tools/rules-coverage.ts --from PROBE.json    write the table from a `merlin probe --json` report
 *   npx tsx tools/doc-figures.ts --write                 then refresh docs/RULES.md
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { provenance, root } from './doc-figures.ts';

/** The share of games under which a kind needs a note in why-rare.json. */
export const RARE = 0.01;

/** Every action kind's home in docs/RULES.md section 2 (the chapter whose rules open it). */
export const SECTION: Record<string, string> = {
  EndTurn: '2.3 The turn',
  DrawTeaLeaves: '2.19 Future Reading cards',
  DrawCrystalBall: '2.19 Future Reading cards',
  BuyCard: '2.4 Playing cards',
  PlayCard: '2.4 Playing cards',
  SellSpell: '2.7 Spades',
  OfferSpell: '2.7 Spades',
  Invest: '2.20 Property Investing',
  FundLab: '2.7 Spades, 2.8 Hearts',
  CreateSpecialised: '2.7 Spades, 2.8 Hearts',
  CreateChauffeur: '2.6 Chauffeurs',
  Deposit: '2.6 Chauffeurs',
  Withdraw: '2.6 Chauffeurs',
  Plant: '2.9 Diamonds',
  Unplant: '2.9 Diamonds',
  BrewMead: '2.8 Hearts',
  SellMead: '2.8 Hearts',
  OfferMead: '2.8 Hearts',
  PlayCrowns: '2.1 Victory',
  SelectSlot: 'a sub-decision',
  SelectPlayer: 'a sub-decision',
  SelectOption: '2.11 Kings',
  SelectTerm: 'a sub-decision',
  SelectSquare: '2.12 Combat',
  SelectUnit: '2.12 Combat',
  EnactDecree: '2.11 Kings',
  RefuseDecree: '2.11 Kings',
  Bid: '2.2 Setup, 2.11 Kings',
  PayTax: '2.23 Taxes',
  SpendCrownOnTax: '2.23 Taxes',
  VoteKeep: '2.23 Taxes',
  VoteRaise: '2.23 Taxes',
  VoteLower: '2.23 Taxes',
  VoteCut: '2.23 Taxes',
  ProposeRegulation: '2.11 Kings',
  VoteRegulationFor: '2.11 Kings',
  VoteRegulationAgainst: '2.11 Kings',
  PostBid: '2.21 The Grand Market',
  WithdrawBid: '2.21 The Grand Market',
  PostAsk: '2.21 The Grand Market',
  PullAsk: '2.21 The Grand Market',
  SellToBid: '2.21 The Grand Market',
  BuyFromAsk: '2.21 The Grand Market',
  ProposeTrade: '2.9 Diamonds (trading)',
  AcceptOffer: '2.9 Diamonds (trading), 2.21, 2.22',
  RefuseOffer: '2.9 Diamonds (trading), 2.21, 2.22',
  OfferProperty: '2.25 Auctioning',
  LiquidateProperty: '2.25 Auctioning',
  AuctionProperty: '2.25 Auctioning',
  RaiseAuction: '2.25 Auctioning',
  PassAuction: '2.25 Auctioning',
  WriteFuture: '2.22 Derivatives',
  BuyFuture: '2.22 Derivatives',
  ResellFuture: '2.22 Derivatives',
  OfferLoan: '2.22 Derivatives (loans)',
  RepayLoan: '2.22 Derivatives (loans)',
  SellInsurance: '2.22 Insurance',
  BuyInsurance: '2.22 Insurance',
  IssueBond: '2.6 Chauffeurs (Private Mint)',
  BuyBond: '2.6 Chauffeurs (Private Mint)',
  ResellBond: '2.6 Chauffeurs (Private Mint)',
  IssueShare: '2.6 Chauffeurs (Private Mint)',
  BuyShare: '2.6 Chauffeurs (Private Mint)',
  ResellShare: '2.6 Chauffeurs (Private Mint)',
  Animate: '2.10 Golems',
  Motivate: '2.11 Kings',
  MotivateNow: '2.11 Kings',
  CommandUnit: '2.12 Combat',
  Move: '2.10 Golems',
  AttackProperty: '2.12 Combat',
  AttackUnit: '2.12 Combat',
  Defend: '2.10 Golems',
  UseAbility: '2.10 Golems, 2.11 Kings',
  UseAbilityAlt: '2.10 Golems, 2.11 Kings',
  UseAbilityThird: '2.11 Kings',
  Combine: '2.10 Golems',
  LastCall: '2.8 Hearts',
};

/** The hand-written notes (docs/data/rules/why-rare.json). */
export const WhyRare = z.object({ about: z.string(), kinds: z.record(z.string(), z.string()) }).strict();

/** What the table reads of a probe report: its coverage rows of the kinds (designer/coverage.ts). */
const ProbeReport = z.object({
  command: z.string(),
  date: z.string(),
  probes: z
    .array(
      z.object({
        games: z.number(),
        seed: z.string(),
        coverage: z.object({
          kinds: z.array(z.object({ name: z.string(), legal_game_share: z.number(), taken_game_share: z.number() })),
        }),
      }),
    )
    .min(1),
});

export const COVERAGE_FILE = 'docs/data/rules/coverage.json';
export const WHY_FILE = 'docs/data/rules/why-rare.json';

/** The table file for a probe report (see tools/doc-figures.ts for the format). */
export function coverageTable(report: z.infer<typeof ProbeReport>, why: z.infer<typeof WhyRare>, command: string): unknown {
  const p = report.probes[0];
  const rows = p.coverage.kinds.map((k) => ({
    kind: k.name,
    section: SECTION[k.name] ?? '-',
    legal: k.legal_game_share,
    taken: k.taken_game_share,
    note: k.legal_game_share < RARE || why.kinds[k.name] ? (why.kinds[k.name] ?? '') : '',
  }));
  return {
    title:
      'Every action kind of the default ruleset (`full`, 4 players): the share of games in which it was legal and taken, four `heuristic` players',
    command,
    measured: report.date.slice(0, 10),
    machine: `${provenance().machine} (counts, not speeds)`,
    notes: `${p.games} games, seed ${p.seed}. A kind legal in fewer than ${RARE * 100}% of the games says why and what makes it reachable (${WHY_FILE}).`,
    columns: [
      { header: 'action kind', cell: '{kind:code}' },
      { header: 'rules', cell: '{section}' },
      { header: 'legal in', cell: '{legal:pct1}' },
      { header: 'taken in', cell: '{taken:pct1}' },
      { header: 'why it is rare, and what makes it reachable', cell: '{note}' },
    ],
    rows,
  };
}

function main(): void {
  const args = process.argv.slice(2);
  const at = (flag: string) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
  const games = at('--games') ?? '2000';
  const seed = at('--seed') ?? 'cov';
  let path = at('--from');
  const command = `npx tsx tools/rules-coverage.ts --games ${games} --seed ${seed} (merlin probe --agents heuristic,heuristic,heuristic,heuristic --json)`;
  if (!path) {
    const out = join(mkdtempSync(join(tmpdir(), 'rules-coverage-')), 'probe');
    execFileSync(
      process.execPath,
      [
        join(root, 'bin', 'merlin.js'),
        'probe',
        '--agents',
        'heuristic,heuristic,heuristic,heuristic',
        '--games',
        games,
        '--seed',
        seed,
        '--out',
        out,
      ],
      { stdio: 'inherit' },
    );
    path = `${out}.json`;
  }
  const report = ProbeReport.parse(JSON.parse(readFileSync(path, 'utf8')));
  const why = WhyRare.parse(JSON.parse(readFileSync(join(root, WHY_FILE), 'utf8')));
  writeFileSync(join(root, COVERAGE_FILE), JSON.stringify(coverageTable(report, why, command), null, 2) + '\n');
  console.log(`wrote ${COVERAGE_FILE}; now npx tsx tools/doc-figures.ts --write`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
