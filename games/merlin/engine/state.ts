/**
 * The Merlin Economics game state: plain serialisable data (numbers and arrays of numbers only), holding
 * its own RNG state, so that `JSON.parse(JSON.stringify(s))` is an exact copy and `cloneState` is cheap.
 *
 * Layout follows Catanatron's lesson: flat primitive fields, per-player arrays indexed by seat, per-slot
 * arrays indexed by `seat * fieldSlots + slot`, cards as integer ids. Hidden information lives here too
 * (hands, auction bids, face-down potions); observations (the env layer) decide who may see what.
 */
import type { RngState } from '../../../lib/rng.ts';
import { cloneRng } from '../../../lib/rng.ts';
import { StateError } from '../../../lib/errors.ts';

/** Serialisation format version; bump when the layout changes. */
export const STATE_VERSION = 5;

/** Who decides next. 0.1.27b "The First Turn" and the project's decision model (docs/RULES.md). */
export const Phase = {
  /** Blind turn-order auction: `decider` places a hidden bid. */
  AuctionBid: 0,
  /** The active player picks the Future Reading deck to draw from. */
  FutureReading: 1,
  /** The active player's free actions, ended by END_TURN. */
  Main: 2,
  /** A sub-decision: pick one of the active player's (or a target player's) field slots. */
  SelectSlot: 3,
  /** A sub-decision: pick an opponent. */
  SelectPlayer: 4,
  /** The King's drawer picks one of the revealed Royal Decrees. */
  DecreeChoose: 5,
  /** The King's drawer enacts or refuses the chosen decree. */
  DecreeDecide: 6,
  /** A refused decree's blind auction: `decider` places a hidden bid. */
  DecreeBid: 7,
  /** Tax season: `decider` (holding a Crown) pays or spends a Crown. */
  Tax: 8,
  /** Tax season: `decider` votes on the tax rate. */
  TaxVote: 9,
  /** The game is over (terminated or truncated). */
  GameOver: 10,
  /** Tax season, after the tax-rate vote: `decider` votes to keep or lower the Cost of the Living (taxes.costOfLivingVote). */
  CostOfLivingVote: 11,
  /** Tax season, last: `decider` votes to keep, raise or lower the Volatility (taxes.volatilityVote). */
  VolatilityVote: 12,
  /** Market and offers: the counterparty (`decider`) accepts or refuses the active player's open offer (offers.ts). */
  OfferRespond: 20,
  /** Market and offers: the active player picks a term (price, asked item) of a market action or offer (offers.ts). */
  SelectTerm: 21,
  /** Market and offers: an open ascending property auction: `decider` raises or passes (trade.ts). */
  PropertyAuction: 22,
  // ---- the Private Mint and sales to players (values 23..29): they reuse SelectTerm, SelectPlayer and OfferRespond.
  // ---- combat (values 30..39)
  /** A unit was chosen (`cmdUnit`): pick its verb (move, attack a property or a unit, defend, ability). */
  UnitVerb: 30,
  /** Pick a board square (relative seat × field slot): where to place, move to, or which property to attack. */
  SelectSquare: 31,
  /** Pick a unit on a board square (square × stack level): the unit to attack. */
  SelectUnit: 32,
  // ---- the regulation vote (values 40..49; engine/regulations.ts, 0.1.14a "Kings")
  /** A decree's enactor (`decider`) chooses the regulation to put to the vote (make, change or delete it). */
  RegulationPropose: 40,
  /** Every player still in the game votes for or against the motion `regMotion`, in turn order from the proposer. */
  RegulationVote: 41,
} as const;
export type Phase = (typeof Phase)[keyof typeof Phase];

/** What occupies a field slot. */
export const SlotKind = { Empty: 0, Property: 1, SpellLab: 2, PotionLab: 3, Chauffeur: 4 } as const;
/** What lies on top of a Property slot (the permit), or the second property of a Chauffeur. */
export const TopKind = { None: 0, Land: 1, SpellShop: 2, Brewery: 3, ChauffeurPair: 4 } as const;

/** Why a SelectSlot / SelectPlayer sub-decision is open. */
export const Pending = {
  None: 0,
  PlaceLand: 1,
  SpellShopProperty: 2,
  BreweryProperty: 3,
  ChauffeurSecond: 4,
  SpellTargetPlayer: 5,
  SpellTargetSlot: 6,
  PotionTargetSlot: 7,
  /** Offers (offers.ts): SelectPlayer for the counterparty of a goods trade offer. */
  TradeTarget: 20,
  /** Market and offers: SelectPlayer for the buyer a property is offered to. */
  PropertyBuyer: 21,
  /** Market and offers: SelectTerm for the price of a bid, the price of an ask, the item asked in a trade, a property's price. */
  BidPrice: 22,
  AskPrice: 23,
  TradeGet: 24,
  PropertyPrice: 25,
  /** Market and offers: SelectTerm for a new futures contract's forward price and expiry (price index × expiries + expiry index). */
  FutureTerms: 26,
  /** Market and offers: SelectTerm for the resale price of a futures contract (finance.forwardPrices), then SelectPlayer for its buyer. */
  ContractPrice: 27,
  ContractBuyer: 28,
  /** Market and offers: SelectTerm for a loan's interest rate and term (rate index × terms + term index), then SelectPlayer for the borrower. */
  LoanTerms: 29,
  LoanBorrower: 30,
  /** Market and offers: SelectTerm for an insurance policy's period (finance.insurance.periodTurns). */
  PolicyPeriod: 31,
  /** Market and offers: SelectTerm for a property auction's opening bid (market.auctionOpenings). */
  AuctionOpening: 32,
  // ---- combat (values 40..59)
  /** Where to place the golem animated from hand index `pendingHand`. */
  PlaceGolem: 40,
  /** Where to place the Royal Guard motivated from `pendingHand` (active next turn / at once). */
  PlaceGuard: 41,
  PlaceGuardNow: 42,
  /** Where unit `cmdUnit` moves. */
  MoveUnit: 43,
  /** Which property unit `cmdUnit` attacks. */
  AttackProperty: 44,
  /** Which unit unit `cmdUnit` attacks. */
  AttackUnit: 45,
  /** Where the property or lab at hand index `pendingHand` goes (board.placement 'choose'). */
  PlaceCard: 46,
  /** Coordinated Strike: the friendly golem that joins `cmdUnit`, then the shared target card or unit. */
  CoordPartner: 47,
  CoordAttackProperty: 48,
  CoordAttackUnit: 49,
  /** Transmute Golem: the friendly golem to dismantle (kept in `cmdPartner`), then the one that takes its power. */
  TransmuteSacrifice: 50,
  TransmuteRecipient: 51,
  // ---- combat: combinations, spells on units, the Artificer's alternative (values 52..59)
  /** A combination attack (engine/combinations.ts): the friendly Jack that joins the Queen `cmdUnit`. */
  ComboPartner: 52,
  /** A spell aimed at a unit (target `opponentUnit`): the unit, in SelectUnit (D138). */
  SpellTargetUnit: 53,
  /** A potion brewed for a unit (target `ownUnit`): the unit, in SelectUnit (D138). */
  PotionTargetUnit: 54,
  /** The Tactical Artificer's alternative (D140): the friendly golem to discard (kept in `cmdPartner`), then the opponent whose hand she draws from (SelectPlayer). */
  DismissGolem: 55,
  RaidHand: 56,
} as const;

/**
 * Pending values of the Private Mint and sales to players (engine/mint.ts; the block 33..39). Kept out of
 * `Pending` so the observation's `pending` one-hot keeps its size; `mint.offer` encodes these steps.
 */
export const MintPending = {
  /** SelectTerm for a new bond's coupon and maturity (coupon index × terms + term index). */
  BondTerms: 33,
  /** SelectTerm for a price: a share's issue price, a bond's or share's resale price, a spell's price (by `offerKind`). */
  MintPrice: 34,
  /** SelectPlayer for the buyer of a resold bond or share, a spell or a Mead (by `offerKind`). */
  MintBuyer: 35,
  /** SelectTerm for the spell offered to a player: term t is the t-th spell in the hand, in hand order. */
  SpellChoice: 36,
} as const;

/** Bits of `unitFlags` (combat). */
export const UnitFlag = {
  /** A Royal Guard motivated this turn whose King's ability has not been used. */
  AbilityReady: 1,
  /** Imposing Colossus: enemy attacks must target this unit until its owner's next turn. */
  CenterOfAttention: 2,
  /** Stalwart Defender: cannot move or attack until its owner's next turn. */
  Immovable: 4,
  /** Overly Eager Sentinel animated on an 11: its attacks this turn deal double. */
  Doubled: 8,
  /** Adaptive Sentinel's Tactical Flexibility: +1 / +2 Attack Power until its owner's next turn. */
  Flex1: 16,
  Flex2: 32,
  /** A golem's once-only ability has been used (until its owner's next turn). */
  AbilityUsed: 64,
  /** Inspirational Liege's Royal Boon, the small or the big bonus (lasts until she falls or a friendly golem is animated). */
  Boon: 128,
  BigBoon: 256,
  /** Stalwart Sentinel in Bulwark Stance (lasts until it moves): defends, never attacks, lets no excess damage through. */
  Bulwark: 512,
  /** Shielding Sovereign's Aegis of the Realm: interceptions left until her owner's next turn (one or two). */
  Aegis1: 1024,
  Aegis2: 2048,
  /** Coordinated Defense: the next golem attack aimed at this golem is taken by the Aegis (until its owner's next turn). */
  Guarded: 4096,
  /** Inspiring Bulwark given with this Liege's Royal Boon: every friendly golem has more Hit Points while it lasts. */
  Inspiring: 8192,
  /** Deactivated by a card (D138): cannot act until `unitActiveFrom`; kept across its owner's turns until then. */
  Dormant: 16384,
  /** The Grand Artificer's Fortify Will (D139): resists spells aimed at it on d6 + `willBonus` >= `resistSpellsAt`. Permanent. */
  FortifiedWill: 32768,
  /** Took a golem's power by Transmute Golem: its abilities cost `transmute.surcharge` more of its primary resource (D140). Permanent. */
  Transmuted: 65536,
} as const;

/** How the game ended. */
export const Victory = { None: 0, EconomicDominance: 1, RoyalFavor: 2, Truncated: 3 } as const;
export const VICTORY_NAMES = ['none', 'economic_dominance', 'royal_favor', 'truncated'] as const;

/** Tag bits for cards held in a hand: playing cards are plain ids, custom cards are tagged. */
export const HAND_SPELL = 4096;
export const HAND_POTION = 8192;

/** Future Reading decks, in the order used by `readingDeck`. */
export const READING_TEA = 0;
export const READING_CRYSTAL = 1;

/** What a state field holds, which fixes how it is copied and checked. */
type FieldKind = 'num' | 'str' | 'rng' | 'nums' | 'nested';
/** The TypeScript type of each FieldKind. */
interface FieldTypes {
  num: number;
  str: string;
  rng: RngState;
  nums: number[];
  nested: number[][];
}

/**
 * The sizes of a new game's arrays (createGame gives them from the player count and the ruleset): an array
 * field's `dim` names one of these, or the products `seatCommodities` (seats × 3), `seatPairs` (seats ×
 * seats), `slots` (seats × fieldSlots) and `commodities` (3); `none` starts empty.
 */
export interface StateDims {
  seats: number;
  fieldSlots: number;
  /** finance.maxContracts, finance.maxLoans, finance.insurance.maxPolicies, finance.mint.maxBonds / maxShares */
  contracts: number;
  loans: number;
  policies: number;
  bonds: number;
  shares: number;
  /** rules/schema.ts REGULATED_ACTIONS.length */
  regulated: number;
}
type Dim = Exclude<keyof StateDims, 'fieldSlots'> | 'seatCommodities' | 'seatPairs' | 'slots' | 'commodities' | 'none';

/**
 * A field's descriptor: its kind and how a new game starts it, `init` for a number, `dim` and `fill` for an
 * array (`fill` in every element), `dim` for an array of arrays (that many empty ones); a field with neither
 * is given by createGame (it depends on the ruleset or the seed).
 */
interface FieldSpec {
  kind: FieldKind;
  init?: number;
  dim?: Dim;
  fill?: number;
}
function num(): { kind: 'num' };
function num(init: number): { kind: 'num'; init: number };
function num(init?: number): FieldSpec {
  return init === undefined ? { kind: 'num' } : { kind: 'num', init };
}
function str(): { kind: 'str' } {
  return { kind: 'str' };
}
function rng(): { kind: 'rng' } {
  return { kind: 'rng' };
}
function nums(): { kind: 'nums' };
function nums(dim: 'none'): { kind: 'nums'; dim: Dim };
function nums(dim: Dim, fill: number): { kind: 'nums'; dim: Dim; fill: number };
function nums(dim?: Dim, fill?: number): FieldSpec {
  return dim === undefined ? { kind: 'nums' } : { kind: 'nums', dim, fill };
}
function nested(): { kind: 'nested' };
function nested(dim: Dim): { kind: 'nested'; dim: Dim };
function nested(dim?: Dim): FieldSpec {
  return dim === undefined ? { kind: 'nested' } : { kind: 'nested', dim };
}

/**
 * The state's fields, declared once. Derived from this table: `MerlinState`'s field names and types, a new
 * game's values (`newState`, for createGame), the StateRecord constructor (so `cloneState` and the copy
 * `deserializeState` makes), `deserializeState`'s checks, and the serialisation's key order (the table's
 * order; keep it, or saved states and the behaviour hashes change). A new field is one line here.
 */
export const STATE_FIELDS = {
  v: num(STATE_VERSION),
  rulesetHash: str(),
  numPlayers: num(),
  rng: rng(),
  // ---- clock and counters (0.1.27b "Game Trackers", 0.1.14a "Indicators")
  /** Turns started so far (0 during the turn-order auction). */
  turn: num(0),
  /** Index into `order` of the active player. */
  turnIdx: num(0),
  /** Seats in turn order, fixed by the blind auction (-1 while unplaced). */
  order: nums('seats', -1),
  actionsThisTurn: num(0),
  /** Position on the season wheel (a month), and which wheel: 0 standard, 1 erratic. */
  wheelPos: num(),
  wheelKind: num(0),
  /** Months elapsed since the start (wheel portions advanced), the clock for bankruptcy. */
  months: num(0),
  year: num(1),
  climate: num(0),
  costOfLiving: num(),
  researchCost: num(),
  taxRate: num(),
  volatility: num(),
  die1: num(0),
  die2: num(0),
  // ---- conserved pools of gold and commodities (DESIGN "Rules of the road")
  centralBank: num(),
  row: num(0),
  /** Gold bid into an open blind auction (turn order or refused decree), hidden per bidder in `bids`. */
  auctionPot: num(0),
  /** Commodities in the supply ("the commodity deck"), by commodity index. */
  supply: nums(),
  // ---- players, by seat
  gold: nums(),
  /** Held commodities, [seat * 3 + commodity]. */
  held: nums('seatCommodities', 0),
  crowns: nums('seats', 0),
  /** Royal summons (a card's `decree` effect, D161) waiting for the seat's next free actions, when a decree is chosen. */
  decreesDue: nums('seats', 0),
  mead: nums('seats', 0),
  debtBank: nums('seats', 0),
  debtRow: nums('seats', 0),
  /** Month (see `months`) the player became bankrupt, or -1. */
  bankruptSince: nums('seats', -1),
  /**
   * 1 once the player's own turn has begun while bankrupt, after that turn's automatic repayment (D30): a
   * debt it had its chance to repay and did not. Cleared with the bankruptcy. Economic Dominance under
   * `victory.dominance: "unrepaid"` counts only such rivals (docs/RULES.md D33).
   */
  bankruptHeld: nums('seats', 0),
  eliminated: nums('seats', 0),
  /** Hidden hands: playing-card ids, or HAND_SPELL|instance, HAND_POTION|instance. */
  hands: nested('seats'),
  /** For each hand card, the card id of the lab that produced it (spells, recipes), or -1. */
  handOrigin: nested('seats'),
  /** Cards bought this turn (hidden, playable from the next turn). */
  newCards: nested('seats'),
  /** spellTargeted[a * P + b] = 1 when a has ever targeted b with a spell (for the robbery roll). */
  spellTargeted: nums('seatPairs', 0),
  // ---- fields, [seat * fieldSlots + slot]
  slotKind: nums('slots', 0),
  /** The base card: the property (Club), the lab (Spade/Heart), or the Chauffeur's first property. */
  slotCard: nums('slots', -1),
  slotTopKind: nums('slots', 0),
  /** The card on top: the Land, the Spell Shop / Brewery lab card, or the Chauffeur's second property. */
  slotTop: nums('slots', -1),
  slotInvest: nums('slots', 0),
  /** Turn of the last investment on the slot (once per property per turn). */
  slotInvestTurn: nums('slots', -1),
  slotVault: nums('slots', 0),
  /** Research funds paid into a lab and not yet spent. */
  slotFunds: nums('slots', 0),
  /** Spent cards under a lab (counted toward research success). */
  slotSpent: nums('slots', 0),
  /** Commodity units planted on a Land. */
  slotPlanted: nums('slots', 0),
  /** Spent cards under labs: card code and its key (seat * fieldSlots + slot). */
  underCard: nums('none'),
  underKey: nums('none'),
  // ---- decks (draw from the end of the array)
  deck: nums(),
  discard: nums('none'),
  /** The Council's offices (`councilDisplay`, docs/RULES.md D15): the face-up cards on sale, -1 an empty place; empty when there is no display. */
  council: nums('none'),
  /** Custom decks, by DECK_NAMES order: teaLeaves, crystalBall, spells, potions, royalDecrees. */
  cdeck: nested(),
  cdiscard: nested(),
  // ---- cards in play with pending triggers
  /** Future readings face up on the table: deck (0 tea, 1 crystal), instance, drawer, turn drawn. */
  readingDeck: nums('none'),
  readingCard: nums('none'),
  readingOwner: nums('none'),
  readingTurn: nums('none'),
  /** Face-down potions: instance, owner, slot key (-1 in front of the player), turn brewed, card id of the lab that made it. */
  potionCard: nums('none'),
  potionOwner: nums('none'),
  potionSlot: nums('none'),
  potionTurn: nums('none'),
  potionOrigin: nums('none'),
  /** Production modifiers (spells, potions): seat, slot (-1 all), scope (0 slot, 1 lands, 2 properties), multiplier, last turn. */
  modSeat: nums('none'),
  modSlot: nums('none'),
  modScope: nums('none'),
  modMult: nums('none'),
  modUntil: nums('none'),
  // ---- market and finance (0.1.27b "The Grand Market", "Commodity Transport", "Trading between
  // Players"; engine/market.ts, engine/trade.ts). All public. Indexed [seat * 3 + commodity] unless noted.
  /** Price per unit of the seat's open bid (one unit) on the commodity; 0 = none. The gold sits in the bid. */
  mktBid: nums('seatCommodities', 0),
  /** Turn the bid was placed or last lowered: it cannot be withdrawn until a later turn. */
  mktBidTurn: nums('seatCommodities', -1),
  /** Price of a withdrawn bid waiting in escrow (still executable); 0 = none. Returns at the seat's next turn. */
  mktEscBid: nums('seatCommodities', 0),
  /** Gold from lowered bids waiting in escrow (not executable). Returns at the seat's next turn. */
  mktEscGold: nums('seatCommodities', 0),
  /** Price per unit of the seat's ask, and the units in it. */
  mktAsk: nums('seatCommodities', 0),
  mktAskQty: nums('seatCommodities', 0),
  /** R.O.W. stimulus bids by commodity: how many (one unit each) and their price. */
  rowBids: nums('commodities', 0),
  rowBidPrice: nums('commodities', 0),
  /** Last traded price by commodity (0 before the first trade). */
  lastPrice: nums('commodities', 0),
  /** By commodity: the month (`months`) a bid was last seen on the market (stimulus clock). */
  bidSeenMonth: nums('commodities', 0),
  /** Horse carts by seat: commodity (-1 none), units, destination (-1 the seat's own ask, -2 the supply
   * (a R.O.W. purchase), else the buying seat), the ask price it carries, the turn of the seat's last transport. */
  cartCom: nums('seats', -1),
  cartQty: nums('seats', 0),
  cartDest: nums('seats', -1),
  cartPrice: nums('seats', 0),
  cartTurn: nums('seats', -1),
  /** The market action or offer being composed (SelectTerm, SelectPlayer, OfferRespond): 1 goods trade,
   * 2 property sale, 3 bid, 4 ask (0 none); offerA the item given / slot / commodity, offerB the item asked /
   * price index / ask lot index (-1 until chosen); the counterparty (-1 none). */
  offerKind: num(0),
  offerA: num(-1),
  offerB: num(-1),
  offerTo: num(-1),
  /** Offers to other players the active player made this turn that were refused (`market.refusalsPerTurn`, D160). */
  offersRefused: num(0),
  /** An open property auction (Phase.PropertyAuction, engine/trade.ts): the highest bid so far (or the opening
   * price minus one step before any bid) and its bidder (-1 none); the bidders still in are `queue`. */
  propAucPrice: num(0),
  propAucLeader: num(-1),
  /** Futures contracts by table place [finance.maxContracts] (engine/futures.ts): the short (-1 = free place),
   * the long (-1 = not bought yet), commodity, forward price (gold per bushel), expiry month (`months`), units
   * still owed, and turns of the short already passed since expiry without full delivery. */
  futShort: nums('contracts', -1),
  futLong: nums('contracts', -1),
  futCom: nums('contracts', 0),
  futPrice: nums('contracts', 0),
  futExpiry: nums('contracts', 0),
  futOwed: nums('contracts', 0),
  futLate: nums('contracts', 0),
  /** Loans by table place [finance.maxLoans] (engine/loans.ts): lender (-1 = free place), borrower, gold still
   * owed (principal and interest), the month repayment is due. */
  loanLender: nums('loans', -1),
  loanBorrower: nums('loans', -1),
  loanOwed: nums('loans', 0),
  loanDue: nums('loans', 0),
  /** Insurance policies by table place [finance.insurance.maxPolicies] (engine/insurance.ts): seller (-1 = free
   * place), buyer (-1 = not sold yet), event (catalogue index), premium, gold locked as cover, the last turn
   * covered, the period in turns, and the season index it was posted in. */
  polSeller: nums('policies', -1),
  polBuyer: nums('policies', -1),
  polEvent: nums('policies', 0),
  polPremium: nums('policies', 0),
  polCover: nums('policies', 0),
  polUntil: nums('policies', 0),
  polPeriod: nums('policies', 0),
  polSeason: nums('policies', 0),
  /** Bonds by table place [finance.mint.maxBonds] (engine/mint.ts): issuer (-1 = free place), holder (-1 = not
   * bought yet), face value (gold), coupon (gold per issuer turn), maturity month (`months`; the term in months
   * until it is bought). */
  bondIssuer: nums('bonds', -1),
  bondHolder: nums('bonds', -1),
  bondFace: nums('bonds', 0),
  bondCoupon: nums('bonds', 0),
  bondDue: nums('bonds', 0),
  /** Shares by table place [finance.mint.maxShares] (engine/mint.ts): issuer (-1 = free place), holder (-1 = not
   * bought yet), percent of the issuer's property payouts claimed, price (the issue price, then the last price paid). */
  shareIssuer: nums('shares', -1),
  shareHolder: nums('shares', -1),
  sharePct: nums('shares', 0),
  sharePrice: nums('shares', 0),
  /** A spell card offered to a player (engine/mint.ts): the card id, out of the hand and public while offered (-1 none). */
  offerCard: num(-1),
  /** The lab that produced the offered spell (-1 none), so a refused spell returns to the hand as it was. */
  offerOrigin: num(-1),
  /** Transport wards by seat (engine/market-cards.ts): d6 points of transport risk removed, and the last turn. */
  cartWard: nums('seats', 0),
  cartWardUntil: nums('seats', -1),
  /** Realm price shifts by commodity (engine/market-cards.ts): gold added to the realm's price, and the last turn. */
  priceShift: nums('commodities', 0),
  priceShiftUntil: nums('commodities', -1),
  // ---- the open decision
  phase: num(Phase.AuctionBid),
  decider: num(0),
  pending: num(Pending.None),
  /** Hand index / slot / target chosen earlier in a compound decision. */
  pendingHand: num(-1),
  pendingSlot: num(-1),
  pendingPlayer: num(-1),
  /** Seats still to decide in a multi-player step (auction bids, taxes, votes), in order. */
  queue: nums('none'),
  /** Hidden bids by seat (-1 = none yet). */
  bids: nums('seats', -1),
  /** Turn-order auction: seats in the current bidding group, the first position they compete for, the round. */
  aucGroup: nums(),
  aucFirstPos: num(0),
  aucRound: num(0),
  /** Further tied groups still to re-auction, flattened as [length, firstPos, seats...]. */
  aucPending: nums('none'),
  /** Decrees revealed to the drawer (instances), the chosen one, and the King's drawer. */
  decreeOptions: nums('none'),
  decreeCard: num(-1),
  decreeDrawer: num(-1),
  /** Tax-season votes by seat, for the vote the phase names (tax rate, Cost of the Living, Volatility): -1 none, 0 keep, 1 raise, 2 lower. */
  votes: nums('seats', -1),
  // ---- outcome
  winner: num(-1),
  victory: num(Victory.None),
  /**
   * Regulations (engine/regulations.ts): by regulated action (rules/schema.ts REGULATED_ACTIONS), the index
   * into `decrees.regulations` of the regulation in force, -1 none.
   */
  regulation: nums('regulated', -1),
  /** The regulation put to the vote (-1 none), the decree's enactor who proposes it (-1 none), and open votes by seat (-1 none, 0 against, 1 for). */
  regMotion: num(-1),
  regProposer: num(-1),
  regVotes: nums('seats', -1),
  // ---- combat (0.1.27b/0.1.22b "The Animated Guardians", "The Royal Guard", "The Art of War")
  /** Hits taken by the card in each field slot [seat * fieldSlots + slot]; at its hit points it is destroyed (face down). */
  slotHits: nums('slots', 0),
  /** Units on the board (golems and Royal Guards), in order of arrival: the playing card (Jack, Queen or King). */
  unitCard: nums('none'),
  unitOwner: nums('none'),
  /** Slot key (seat * fieldSlots + slot) of the card the unit stands on. */
  unitPos: nums('none'),
  /** Attack Power (golems) or Strength (guards). */
  unitAtk: nums('none'),
  /** Hit Points (golems) or Health (guards) left. */
  unitHp: nums('none'),
  /** First turn on which the unit may act. */
  unitActiveFrom: nums('none'),
  /** Turn of the unit's last action (-1 never). */
  unitActed: nums('none'),
  /** 1 while the unit defends the card it stands on. */
  unitStance: nums('none'),
  /** Extra Health that absorbs damage first until the owner's next turn (Stalwart Defender). */
  unitShield: nums('none'),
  /** Attacks beyond the first left this turn (Swift Executioner). */
  unitExtraAttacks: nums('none'),
  /** UnitFlag bits. */
  unitFlags: nums('none'),
  /** Index of the unit chosen in an open unit command (-1 none). */
  cmdUnit: num(-1),
  /** The partner golem of an open Coordinated Strike, or the golem to dismantle in an open Transmute Golem (-1 none). */
  cmdPartner: num(-1),
} as const satisfies Record<string, FieldSpec>;

type Fields = typeof STATE_FIELDS;
type StateFields = { -readonly [K in keyof Fields]: FieldTypes[Fields[K]['kind']] };
/** The game state: one field per STATE_FIELDS entry, of the type its kind names (the docs are on the table). */
export interface MerlinState extends StateFields {}
/** The fields a new game cannot start by itself (neither `init` nor `dim` in the table): createGame gives them. */
export type GivenFields = { [K in keyof Fields]: Fields[K] extends { init: number } | { dim: Dim } ? never : K }[keyof Fields];

const FIELD_NAMES = Object.keys(STATE_FIELDS) as (keyof MerlinState)[];
// The generated constructor and new-game literal below write these names into JavaScript source.
for (const k of FIELD_NAMES) if (!/^[A-Za-z_$][\w$]*$/.test(k)) throw new Error(`state field name ${k} is not an identifier`);
const kindOf = (k: keyof MerlinState): FieldKind => STATE_FIELDS[k].kind;
const NUM_ARRAYS = FIELD_NAMES.filter((k) => kindOf(k) === 'nums');
const NESTED_ARRAYS = FIELD_NAMES.filter((k) => kindOf(k) === 'nested');
const SCALARS = FIELD_NAMES.filter((k) => kindOf(k) === 'num' || kindOf(k) === 'str');

/**
 * A new game's state: every field at its table start (`init`, or `dim` × `fill`), and the `given` ones (the
 * ruleset's counters, the shuffled decks, the RNG...) as createGame passes them. A StateRecord.
 * @throws Error when a field the table does not start is missing from `given` (a bug in the caller)
 */
export function newState(dims: StateDims, given: Pick<MerlinState, GivenFields>): MerlinState {
  const P = dims.seats;
  const length: Record<Dim, number> = {
    seats: P,
    seatCommodities: P * 3,
    seatPairs: P * P,
    slots: P * dims.fieldSlots,
    commodities: 3,
    contracts: dims.contracts,
    loans: dims.loans,
    policies: dims.policies,
    bonds: dims.bonds,
    shares: dims.shares,
    regulated: dims.regulated,
    none: 0,
  };
  for (const k of GIVEN_NAMES) if (!(k in given)) throw new Error(`newState: field ${k} must be given`);
  return new StateRecord(newStateLiteral(length, given));
}

/** The field names a new game must be given (no `init`, no `dim`). */
const GIVEN_NAMES = FIELD_NAMES.filter((k) => {
  const f: FieldSpec = STATE_FIELDS[k];
  return f.init === undefined && f.dim === undefined;
});

/**
 * A new game's fields as one object literal in table order, generated from STATE_FIELDS like the
 * StateRecord constructor below: a literal with fixed keys is built from one boilerplate map, where filling
 * an empty object field by field in a loop made a dictionary-mode object whose 156 reads in the constructor
 * were slow lookups (createGame took about twice as long; random play with a new game every ~360 steps
 * lost about 3 %).
 */
const newStateLiteral = makeNewStateLiteral();

function makeNewStateLiteral(): (length: Record<Dim, number>, given: Partial<MerlinState>) => MerlinState {
  const lines = FIELD_NAMES.map((k) => {
    const f: FieldSpec = STATE_FIELDS[k];
    if (f.init !== undefined) {
      if (!Number.isFinite(f.init)) throw new Error(`state field ${k}: init ${f.init} is not a finite number`);
      return `    ${k}: ${f.init},`;
    }
    if (f.dim === undefined) return `    ${k}: g.${k},`;
    if (f.kind === 'nested') return `    ${k}: nest(L.${f.dim}),`;
    return `    ${k}: new Array(L.${f.dim}).fill(${f.fill ?? 0}),`;
  });
  const source = `return function newStateLiteral(L, g) {\n  return {\n${lines.join('\n')}\n  };\n};`;
  return new Function('nest', source)(nestEmpty) as (length: Record<Dim, number>, given: Partial<MerlinState>) => MerlinState;
}

/** `n` empty arrays (a nested field of a new game). */
function nestEmpty(n: number): number[][] {
  const out = new Array<number[]>(n);
  for (let i = 0; i < n; i++) out[i] = [];
  return out;
}

/** The copy of field `k` of state `s` by kind, as JavaScript source (for the generated constructor). */
const COPY_SOURCE: Record<FieldKind, (k: string) => string> = {
  num: (k) => `s.${k}`,
  str: (k) => `s.${k}`,
  rng: (k) => `cloneRng(s.${k})`,
  nums: (k) => `s.${k}.slice()`,
  nested: (k) => `nestCopy(s.${k})`,
};

/**
 * Every MerlinState the engine makes is a StateRecord (createGame, cloneState, deserializeState): one
 * hidden class whose 158 fields live inside the object.
 *
 * Why a class (seen with %DebugPrint / %HaveSameMap on Node 20): V8 built the 156-field object literal
 * this replaces with every field in an out-of-object property array, so each read such as `s.gold` took
 * an extra load, and the states of a process's first four games had different hidden classes while
 * fields settled, which left the optimised encoder and legal-move code with polymorphic lookups. A
 * constructor that assigns every field gets them all in-object and one hidden class from the first game.
 * Measured (docs/BENCHMARKS.md, 2026-11-21): random play 430k -> 855k steps/s, env steps 155k -> 265k.
 *
 * Why generated from STATE_FIELDS (`new Function`): V8 sizes a constructor's objects by counting the
 * `this.x = ...` assignments in its source, so a loop over the field names would leave most fields
 * out-of-object again. The generated source is the constructor that was written out by hand before:
 * `this.gold = s.gold.slice();` and so on, one line a field in table order, no closure or spread per field.
 * The names come from the table above (checked to be identifiers), never from input. Checked with
 * %DebugPrint / %HaveSameMap (Node 20, 2026-11-24): the same Map[1336] with all 156 fields in-object as the
 * hand-written constructor, and createGame's, cloneState's and deserializeState's states share one map.
 */
const StateRecord = makeStateRecord();

function makeStateRecord(): new (s: MerlinState) => MerlinState {
  const lines = FIELD_NAMES.map((k) => {
    return `    this.${k} = ${COPY_SOURCE[kindOf(k)](k)};`;
  });
  const source = `return class StateRecord {\n  constructor(s) {\n${lines.join('\n')}\n  }\n};`;
  return new Function('cloneRng', 'nestCopy', source)(cloneRng, nestCopy) as new (s: MerlinState) => MerlinState;
}

function nestCopy(a: number[][]): number[][] {
  const out = new Array<number[]>(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i].slice();
  return out;
}

/**
 * A deep copy of `s` (a StateRecord). Cost: a few microseconds for a 4-player mid-game state
 * (docs/BENCHMARKS.md). The generated StateRecord constructor copies field by field, so no generic deep copy runs.
 */
export function cloneState(s: MerlinState): MerlinState {
  return new StateRecord(s);
}

/** The state as a JSON string (exact: every field is a finite number, string or array of them). */
export function serializeState(s: MerlinState): string {
  return JSON.stringify(s);
}

/**
 * Read a state written by `serializeState`.
 * @param expectedRulesetHash when given, a state made under another ruleset is refused
 * @throws StateError on malformed JSON, a wrong version, a missing field or a ruleset mismatch
 */
export function deserializeState(json: string, expectedRulesetHash?: string): MerlinState {
  let o: unknown;
  try {
    o = JSON.parse(json);
  } catch (e) {
    throw new StateError(`state is not valid JSON: ${(e as Error).message}`);
  }
  if (!o || typeof o !== 'object') throw new StateError('state is not an object');
  const s = o as MerlinState;
  if (s.v !== STATE_VERSION) throw new StateError(`state version ${String(s.v)} is not ${STATE_VERSION}`);
  if (expectedRulesetHash !== undefined && s.rulesetHash !== expectedRulesetHash)
    throw new StateError(`state was made under ruleset ${String(s.rulesetHash).slice(0, 12)}, not ${expectedRulesetHash.slice(0, 12)}`);
  for (const k of SCALARS) {
    const t = kindOf(k) === 'num' ? 'number' : 'string';
    if (typeof s[k] !== t) throw new StateError(`state field ${k} is missing or not a ${t}`);
  }
  const isNums = (a: unknown) => Array.isArray(a) && a.every((x) => typeof x === 'number');
  for (const k of NUM_ARRAYS) if (!isNums(s[k])) throw new StateError(`state field ${k} is missing or not an array of numbers`);
  for (const k of NESTED_ARRAYS) {
    const a = s[k] as unknown;
    if (!Array.isArray(a) || !a.every(isNums)) throw new StateError(`state field ${k} is missing or not an array of arrays of numbers`);
  }
  if (!s.rng || !(['c', 's0', 's1', 's2'] as const).every((k) => typeof s.rng[k] === 'number'))
    throw new StateError('state field rng is missing or malformed');
  // JSON.parse makes a dictionary-mode object; the engine's code is fast on StateRecords only.
  return new StateRecord(s);
}

/**
 * Where `s` (a state read by deserializeState) differs in shape from `fresh`, a new game of the same ruleset
 * and player count: every fixed-size field (its table entry has a `dim` other than `none`) must have the
 * same length. Returns one message per field that does not.
 */
export function shapeProblems(s: MerlinState, fresh: MerlinState): string[] {
  const out: string[] = [];
  for (const k of [...NUM_ARRAYS, ...NESTED_ARRAYS]) {
    const f: FieldSpec = STATE_FIELDS[k];
    if (f.dim === undefined || f.dim === 'none') continue;
    const a = s[k] as unknown[];
    const b = fresh[k] as unknown[];
    if (a.length !== b.length) out.push(`state field ${k} has ${a.length} entries, not ${b.length}`);
  }
  return out;
}

/** Deep equality of two states (by canonical serialisation). */
export function statesEqual(a: MerlinState, b: MerlinState): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Seat of the player whose turn it is (-1 before the auction has finished). */
export function activeSeat(s: MerlinState): number {
  return s.order[s.turnIdx] ?? -1;
}
