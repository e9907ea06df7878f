/* The compiled double-dummy search of bowers: the same questions as bowers/solver/reference.py, fast.
 *
 * A position is a handful of 64-bit sets over the "compact" deck of
 * bowers/solver/position.py: cards grouped by effective suit, each group a run
 * of bits from its highest card down.  The search is zero-window ("can the
 * team counted take at least `target` more tricks?") alpha-beta over plays,
 * with:
 *   - a transposition table of lower and upper bounds, probed at each trick's
 *     start.  Each answer comes with the cards that decided it ("relevant"
 *     cards: trick winners that beat a card of their own suit, the winners a
 *     bound counted), and an entry records, per group, only the holders of the
 *     live cards down to the lowest relevant one, with the leader and the
 *     number of cards of each group in each hand (the "shape").  It applies to
 *     every position of that shape whose top cards lie the same way, whatever
 *     the smaller cards; positions that differ only in which cards are gone
 *     share it too.  It is kept from one call to the next while the trump
 *     tables and the sides stay the same;
 *   - one card searched of each run of a hand's cards with no live card between,
 *     and, once a card of a group has been searched without settling the
 *     question, none of the hand's cards of that group below every card that
 *     decided that answer (they are "small cards": they give the same answer);
 *   - the shape and the holder stream kept up to date card by card (a card
 *     played takes its bits out of the stream), not rebuilt at each trick;
 *   - bounds at each trick's start: sure trump tricks of a hand (its top trumps
 *     less the other side's trumps above them) or of a side of two hands (its
 *     top trumps, at most as many as its longer hand holds, less the other
 *     side's above them), quick tricks of the side to lead (winners it can
 *     cash, and those cashed before its side's sure trump tricks);
 *   - move ordering: when following, the cheapest card that wins for sure
 *     (over a partner's card too, where an opponent still to play could beat
 *     it), then the cheapest that wins so far, then low cards; when leading,
 *     the table's best lead for this position or a like one, else the last
 *     lead that settled a question as many tricks from the end, then high
 *     winners and leads that often settled questions in this call;
 *   - the values of a position's moves: each move's questions on their own,
 *     the first one trick above the previous move's value (for the first
 *     move, at the team's share of the trumps in tricks), and a move of a
 *     card below every card that decided an earlier move's value takes that
 *     value;
 *   - an optional node limit, past which the search gives up (a long jump out
 *     of the recursion, which holds no resource) and the call returns None.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <limits.h>
#include <setjmp.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#ifndef _WIN32
#include <sys/mman.h>
#endif

/* The search counts cards all the time: with gcc on x86-64 it uses the popcnt instruction (every x86-64 processor
 * since 2008 has it); the module refuses to import on a processor without it, and bowers then uses the reference
 * search. */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && !defined(__POPCNT__)
#pragma GCC target("popcnt")
#define NEEDS_POPCNT_CHECK 1
#endif

typedef uint64_t u64;


#define GROUPS 5
#define MAX_SEATS 6
#define MAX_MOVES 24

typedef struct {
    uint16_t power[4][64];
    uint8_t group[64];
    u64 group_mask[GROUPS];
} Tables;

typedef struct {
    Tables t;
    u64 hands[MAX_SEATS];
    u64 live; /* the cards still in some hand */
    u64 lengths[2]; /* the number of cards of each group in each hand, 4 bits each, seat by seat: the shape */
    u64 stream[2];  /* the holder of each live card, in index order, `seat_bits` bits each (with `use_table`) */
    int next_seat[MAX_SEATS];
    int players;
    int active;
    unsigned max_controls;
    unsigned max_credit;
    unsigned pair_sides; /* bit per side (1: the side counted): at most two of its hands play, all chosen by it */
    u64 side_cards[2];   /* the cards the hands of each side held at the search's start (cards never change hands) */
    int joker;      /* compact index of the Joker when it leads with a named suit, else -1 */
    int trump;      /* the group every card of which wins over any plain card, else -1 */
    u64 ruffs;      /* the cards that win over the suit led without following it: the trumps, or the no-trump Joker */
    int trick_len;
    u64 trick_mask; /* the cards of the trick in progress */
    int led, best, winner, turn;
    int tricks_left;
    int seat_bits;
    int win_card;  /* the card winning the trick in progress */
    uint8_t owner[64]; /* the seat holding each card at the search's start (cards never change hands) */
    int use_table; /* the holder stream fits in 128 bits */
    long long nodes;
    long long node_limit; /* the search gives up (abort_search) after this many nodes */
} State;

/* A table entry: bounds on the tricks still to come that hold for every position of one "shape" (the leader and the
 * number of cards of each group in each hand) whose top cards of each group are held as recorded.  Only the cards
 * that decided the bounds are recorded ("relevant" cards): in each group, the live cards down to the lowest relevant
 * one.  The cards below that cut in a group may lie anywhere the shape allows; they never decided anything. */
typedef struct {
    u64 shape0, shape1;     /* leader and lengths: the bucket is chosen by these alone */
    u64 holders0, holders1; /* the holder stream of the recorded cards (other bits zero) */
    u64 mask0, mask1;       /* which bits of a position's holder stream must equal holders0/1 */
    int8_t lower, upper;
    int8_t hint;          /* the leader's card that settled the last question here, as (group << 4 | rank among the
                             group's live cards), or -1 */
    uint8_t top[GROUPS];  /* per group, how many of its highest live cards are recorded */
    uint8_t unused[8];
} Entry; /* 64 bytes: one cache line */

/* Every position of one shape must be found in the same place, so a shape's entries share a pair of buckets of many
 * entries each; a header of short tags (a hash of each entry's shape, 0 for none) and of codes (the holders of the
 * suits' top cards, where the entry records them) lets a probe read only the entries of its own shape that can match
 * its cards. */
#define WAYS 64
_Static_assert(WAYS % 16 == 0 && WAYS <= 64, "a bucket's tags are compared 16 at a time into one 64-bit set");
_Static_assert(sizeof(Entry) == 64, "an entry is one cache line");
typedef struct {
    uint8_t tag[WAYS];    /* one cache line, compared 16 at a time */
    uint8_t code[WAYS];   /* the holders of the top cards of the suits, 2 bits each (see Key) */
    uint8_t care[WAYS];   /* the bits of `code` that the entry records */
    uint8_t effort[WAYS]; /* the search each entry saves: about log2 of its nodes */
    Entry entry[WAYS];
} Bucket;

#define TABLE_BITS 13 /* buckets: 8192 of 64 entries */
#define TABLE_SIZE (1u << TABLE_BITS)

static Bucket *table = NULL;
static uint32_t table_mask = TABLE_SIZE - 1; /* small positions use the start of the table, which stays in cache */
static uint32_t generation = 1;
static uint32_t bucket_generation[TABLE_SIZE]; /* a bucket is empty unless its generation is the table's: apart from
                                                  the buckets, so that this small array stays in cache */
static long long last_nodes = 0;

/* What the table's entries assume: the tables, the sides, the seating and the Joker's leads. */
static struct {
    int valid;
    Tables t;
    unsigned max_controls, max_credit;
    int next_seat[MAX_SEATS];
    int players, active, joker;
} signature;

static inline int lowest(u64 x) { return __builtin_ctzll(x); }
static inline int highest(u64 x) { return 63 - __builtin_clzll(x); }
#if defined(__POPCNT__)
static inline int count(u64 x) { return __builtin_popcountll(x); }
#else
/* Without the popcnt instruction, gcc calls a library function; this inline count is cheaper. */
static inline int count(u64 x) {
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((x * 0x0101010101010101ull) >> 56);
}
#endif

/* Removes the `width` bits at bit `at` of the 128-bit value words[0] (low), words[1] (high), moving the bits above
 * them down. */
static inline void cut_bits(u64 *words, int at, int width) {
    u64 low = words[0], high = words[1];
    u64 below_low = at >= 64 ? ~0ull : (1ull << at) - 1, below_high = at >= 64 ? (1ull << (at - 64)) - 1 : 0;
    words[0] = (low & below_low) | (((low >> width) | (high << (64 - width))) & ~below_low);
    words[1] = (high & below_high) | ((high >> width) & ~below_high);
}

/* The cards of `cards` at or above its card `cut` (lower index is higher). */
static inline u64 at_or_above(u64 cards, int cut) { return cut >= 63 ? cards : cards & ((2ull << cut) - 1); }

/* ------------------------------------------------------------------ the table */

/* A position at a trick's start as the table sees it: its shape (the bucket) and its holder stream, the holder of
 * each live card, group by group, highest card first, `seat_bits` bits each. */
typedef struct {
    u64 shape0, shape1;
    u64 holders0, holders1;
    u64 live;
    uint8_t code; /* per suit (groups 0-3), the holder of its highest live card modulo 4, two bits: a filter */
} Key;

static void make_key(const State *s, Key *k) {
    int at = 4 * GROUPS * s->players; /* the leader after the lengths: at bit 80, or 120 with six seats */
    k->shape0 = s->lengths[0] | (at < 64 ? (u64)s->turn << at : 0);
    k->shape1 = s->lengths[1] | (at >= 64 ? (u64)s->turn << (at - 64) : 0);
    k->holders0 = s->stream[0];
    k->holders1 = s->stream[1];
    k->live = s->live;
    unsigned code = 0;
    for (int g = 0; g < 4; g++) {
        u64 cards = s->live & s->t.group_mask[g];
        if (cards) code |= (unsigned)(s->owner[lowest(cards)] & 3) << (2 * g);
    }
    k->code = (uint8_t)code;
}

static inline u64 shape_hash(const Key *k) {
    u64 h = k->shape0 * 0x9E3779B97F4A7C15ull ^ (k->shape1 + 0x632BE59BD9B4E019ull) * 0xC2B2AE3D27D4EB4Full;
    return h ^ h >> 29;
}

static inline uint8_t tag_of(u64 hash) { return (uint8_t)(hash >> 56 | 1); }

/* The entries of a bucket whose tag is `tag` and whose recorded top cards of the suits lie as `code` says. */
static inline u64 candidates(const Bucket *b, uint8_t tag, uint8_t code) {
    u64 found = 0;
#ifdef __SSE2__
    __m128i wanted = _mm_set1_epi8((char)tag), mine = _mm_set1_epi8((char)code), zero = _mm_setzero_si128();
    for (int i = 0; i < WAYS; i += 16) {
        __m128i tags = _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(b->tag + i)), wanted);
        if (!_mm_movemask_epi8(tags)) continue; /* the codes are read only where a tag matches */
        __m128i codes = _mm_loadu_si128((const __m128i *)(b->code + i));
        __m128i cares = _mm_loadu_si128((const __m128i *)(b->care + i));
        __m128i differ = _mm_and_si128(_mm_xor_si128(codes, mine), cares);
        __m128i match = _mm_and_si128(tags, _mm_cmpeq_epi8(differ, zero));
        found |= (u64)(unsigned)_mm_movemask_epi8(match) << i;
    }
#else
    for (int i = 0; i < WAYS; i++) found |= (u64)(b->tag[i] == tag && !((b->code[i] ^ code) & b->care[i])) << i;
#endif
    return found;
}

/* Sets bits [from, from + length) of a 128-bit mask. */
static void set_bits(u64 *mask, int from, int length) {
    for (int w = 0; w < 2 && length > 0; w++) {
        int lo = from - 64 * w, hi = lo + length;
        if (hi <= 0 || lo >= 64) continue;
        if (lo < 0) lo = 0;
        if (hi > 64) hi = 64;
        u64 bits = hi - lo == 64 ? ~0ull : ((1ull << (hi - lo)) - 1) << lo;
        mask[w] |= bits;
    }
}

/* The relevant cards an entry records, in the position of key `k`: each group's `top` highest live cards. */
static u64 recorded_cards(const State *s, const Key *k, const Entry *e) {
    u64 cards = 0;
    for (int g = 0; g < GROUPS; g++) {
        u64 group = k->live & s->t.group_mask[g];
        for (int i = 0; i < e->top[g]; i++) {
            cards |= group & -group;
            group &= group - 1;
        }
    }
    return cards;
}

/* A shape's entries lie in SPREAD buckets (its "pair"): more room for a shape with many.  A new entry goes to the first
 * empty place of the first bucket while there is one (see place_for), and entries are replaced, never removed: so
 * while the first bucket has an empty place, the second holds none of the shape's entries and is not read. */
#define SPREAD 2
static inline Bucket *pair_of(u64 hash, int second) { return table + ((hash & table_mask) ^ (u64)second); }

/* An entry of the position's buckets whose recorded cards the position shares and whose bounds settle `target`, or
 * else NULL with *hint set from the matching entries, if any has one, else from an entry of the same shape and top
 * cards. */
static Entry *probe(const Key *k, u64 hash, int target, int *hint) {
    uint8_t tag = tag_of(hash);
    for (int second = 0; second < SPREAD; second++) {
        Bucket *bucket = pair_of(hash, second);
        if (bucket_generation[bucket - table] != generation) break; /* (the first bucket stale: the shape has none) */
        for (u64 found = candidates(bucket, tag, k->code); found; found &= found - 1) {
            Entry *e = bucket->entry + lowest(found);
            if (e->shape0 != k->shape0 || e->shape1 != k->shape1) continue;
            if (((k->holders0 ^ e->holders0) & e->mask0) | ((k->holders1 ^ e->holders1) & e->mask1)) {
                if (*hint < 0) *hint = e->hint; /* a position much like this one: its best lead is a fair guess */
                continue;
            }
            if (e->lower >= target || e->upper < target) return e;
            if (e->hint >= 0) *hint = e->hint;
        }
        if (!bucket->tag[WAYS - 1]) break; /* not full: the next bucket holds none of the shape's entries */
    }
    return NULL;
}

/* The first empty place of a bucket, or -1. */
static inline int first_empty(const Bucket *b) {
#ifdef __SSE2__
    __m128i zero = _mm_setzero_si128();
    for (int i = 0; i < WAYS; i += 16) {
        int empty = _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(b->tag + i)), zero));
        if (empty) return i + lowest((u64)(unsigned)empty);
    }
#else
    for (int i = 0; i < WAYS; i++)
        if (!b->tag[i]) return i;
#endif
    return -1;
}

/* The place for a new entry in the buckets of a shape: an empty one, else the entry that saved the least search. */
static Bucket *place_for(u64 hash, int *victim) {
    for (int second = 0; second < SPREAD; second++) {
        Bucket *bucket = pair_of(hash, second);
        if ((*victim = first_empty(bucket)) >= 0) return bucket;
    }
    Bucket *home = NULL;
    for (int second = 0; second < SPREAD; second++) {
        Bucket *bucket = pair_of(hash, second);
        for (int i = 0; i < WAYS; i++)
            if (!home || bucket->effort[i] < home->effort[*victim]) {
                home = bucket;
                *victim = i;
            }
    }
    return home;
}

/* Records that the position of key `k` takes at least `lower` and at most `upper` more tricks, a result decided by
 * the cards `relevant` only. */
static void store_entry(const State *s, const Key *k, u64 hash, u64 relevant, int lower, int upper, int hint,
                        int effort) {
    u64 mask[2] = {0, 0};
    uint8_t top[GROUPS];
    int offset = 0; /* where the group's holders start in the stream */
    for (int g = 0; g < GROUPS; g++) {
        u64 group = k->live & s->t.group_mask[g];
        u64 decided = relevant & group;
        top[g] = (uint8_t)(decided ? count(at_or_above(group, highest(decided))) : 0);
        set_bits(mask, offset, top[g] * s->seat_bits);
        offset += count(group) * s->seat_bits;
    }
    u64 holders0 = k->holders0 & mask[0], holders1 = k->holders1 & mask[1];
    uint8_t care = 0;
    for (int g = 0; g < 4; g++)
        if (top[g]) care |= (uint8_t)(3u << (2 * g));
    uint8_t tag = tag_of(hash);
    for (int second = 0; second < SPREAD; second++) {
        Bucket *bucket = pair_of(hash, second);
        if (bucket_generation[bucket - table] != generation) {
            memset(bucket->tag, 0, sizeof bucket->tag);
            bucket_generation[bucket - table] = generation;
        }
        for (u64 found = candidates(bucket, tag, k->code); found; found &= found - 1) {
            int i = lowest(found);
            Entry *e = bucket->entry + i;
            if (e->shape0 == k->shape0 && e->shape1 == k->shape1 && e->mask0 == mask[0] && e->mask1 == mask[1] &&
                e->holders0 == holders0 && e->holders1 == holders1) {
                /* the same recorded cards: tighten its bounds */
                if (lower > e->lower) e->lower = (int8_t)lower;
                if (upper < e->upper) e->upper = (int8_t)upper;
                if (hint >= 0) e->hint = (int8_t)hint;
                if (effort > bucket->effort[i]) bucket->effort[i] = (uint8_t)effort;
                return;
            }
        }
        if (!bucket->tag[WAYS - 1]) break; /* not full: the next bucket holds none of the shape's entries */
    }
    /* an empty place, else the entry of the pair that saved the least search; replacing an entry, every entry of its
     * bucket loses a little of its worth, so that those no longer used make way in time */
    int victim;
    Bucket *home = place_for(hash, &victim);
    if (home->tag[victim])
        for (int i = 0; i < WAYS; i++) home->effort[i] -= home->effort[i] > 0;
    Entry *e = home->entry + victim;
    home->tag[victim] = tag;
    home->care[victim] = care;
    home->code[victim] = k->code & care;
    home->effort[victim] = (uint8_t)effort;
    e->shape0 = k->shape0;
    e->shape1 = k->shape1;
    e->holders0 = holders0;
    e->holders1 = holders1;
    e->mask0 = mask[0];
    e->mask1 = mask[1];
    e->lower = (int8_t)lower;
    e->upper = (int8_t)upper;
    e->hint = (int8_t)hint;
    memcpy(e->top, top, sizeof top);
}

/* ------------------------------------------------------------------ moves */

typedef struct {
    int card;
    int named;
    int score;
    int last; /* the lowest card of the run of equivalent cards this move stands for (`card` is the highest) */
} Move;

/* Moves best first by score; a stable insertion sort, so equal scores keep their generation order. */
static inline void sort_by_score(Move *moves, int n) {
    for (int i = 1; i < n; i++) {
        Move m = moves[i];
        int j = i - 1;
        while (j >= 0 && moves[j].score < m.score) {
            moves[j + 1] = moves[j];
            j--;
        }
        moves[j + 1] = m;
    }
}

static inline int side_controls_max(const State *s, int seat) { return (s->max_controls >> seat) & 1; }
static inline int credit_max(const State *s, int seat) { return (s->max_credit >> seat) & 1; }

/* Per seat and card, how often (weighted by the tricks left) that lead settled a question at a trick's start in this
 * call: leads that often did so are tried earlier (the "history" heuristic of game-tree search). */
static u64 history[MAX_SEATS][64];

/* The strongest card that each side's seats still to play to this trick can play (their highest card of the suit led,
 * else their strongest card), as seen by the seat to play: *opponent for the other side, *partner for its own. */
static void later_best(const State *s, int me_max, int *opponent, int *partner) {
    *opponent = *partner = 0;
    int other = s->turn;
    for (int i = s->trick_len + 1; i < s->active; i++) {
        other = s->next_seat[other];
        u64 hand = s->hands[other];
        u64 follow = hand & s->t.group_mask[s->led];
        /* its highest card of the suit led, else its highest trump or the no-trump Joker (other cards are worth 0) */
        u64 strongest = follow ? follow : hand & s->ruffs;
        int strength = strongest ? s->t.power[s->led][lowest(strongest)] : 0;
        int *best = side_controls_max(s, other) == me_max ? partner : opponent;
        if (strength > *best) *best = strength;
    }
}

/* The discards of a hand that cannot follow suit (`cards`, none of them able to win the trick), one per run of
 * equivalent cards: the lowest card of a suit without winners first, shortest suit first (by the score below; ties:
 * the lower index first).  Returns their number. */
static inline __attribute__((always_inline)) int discard_moves(const State *s, u64 cards, u64 separators,
                                                                Move *moves) {
    int seat = s->turn, n = 0, previous = -1, group = -1, base = 0;
    u64 live = separators | s->hands[seat];
    while (cards) {
        int card = lowest(cards);
        cards &= cards - 1;
        if (s->t.group[card] != group) {
            /* a new suit: its shortness and whether the hand holds its top card count for each of its runs */
            group = s->t.group[card];
            u64 suit = s->t.group_mask[group];
            base = -count(s->hands[seat] & suit) - (int)((s->hands[seat] >> lowest(live & suit)) & 1) * 64;
        } else if (!(separators & ((1ull << card) - 1) & ~((2ull << previous) - 1))) {
            previous = card;
            moves[n - 1].last = card;
            continue;
        }
        previous = card;
        moves[n].card = card;
        moves[n].named = -1;
        moves[n].score = base + 4 * count(live & s->t.group_mask[group] & ((1ull << card) - 1));
        moves[n].last = card;
        n++;
    }
    sort_by_score(moves, n);
    return n;
}

/* The moves of a hand answering a lead, one per run of equivalent cards, best-looking first (`cards`: all of the suit
 * led, or the cards of one group that win over it without following; `discards`: the hand's other cards where it
 * cannot follow), without scoring each card: a card of one group is stronger the lower its index, so each kind of card
 * (sure winners, other winners, losers) is a stretch of the hand's runs from the highest down, and each kind is tried
 * lowest card first.  Where the other side is winning, the cards that win for sure (no opponent still to play beats
 * them) come first, then the other winners, then the discards, then the losers; where a partner still to play beats
 * every opponent, the discards and the losers come before the winners; where the seat's side is winning, the cards
 * that beat every opponent still to play (when one could beat the side's card) come first, then the discards, then
 * the others.  (Inlined, as `generate` is: measurably faster.) */
static inline __attribute__((always_inline)) int answer_moves(const State *s, u64 cards, u64 discards, u64 separators,
                                                               Move *moves) {
    if (!cards) return discard_moves(s, discards, separators, moves); /* (no trumps: what others play does not count) */
    Move runs[MAX_MOVES];
    int count_runs = 0, previous = -1;
    while (cards) {
        int card = lowest(cards);
        cards &= cards - 1;
        if (previous >= 0 && !(separators & ((1ull << card) - 1) & ~((2ull << previous) - 1))) {
            previous = card;
            runs[count_runs - 1].last = card;
            continue;
        }
        previous = card;
        runs[count_runs].card = card;
        runs[count_runs].named = -1;
        runs[count_runs].score = s->t.power[s->led][card];
        runs[count_runs].last = card;
        count_runs++;
    }
    int me_max = side_controls_max(s, s->turn), opponent = 0, partner = 0;
    /* (where no run beats the trick's best card, every run is a loser whatever the later hands hold) */
    if (s->trick_len + 1 < s->active && runs[0].score > s->best) later_best(s, me_max, &opponent, &partner);
    /* the runs stronger than `high` first, then those stronger than `low`, then the others; or, where `losers_first`,
     * the runs not stronger than `low` first */
    int high, low, losers_first = 0;
    if (credit_max(s, s->winner) != me_max) {
        low = s->best;
        losers_first = partner > opponent && partner > s->best;
        high = opponent > low && !losers_first ? opponent : low;
    } else {
        high = low = opponent > s->best ? opponent : INT_MAX;
    }
    int above_high = 0, above_low = 0;
    while (above_high < count_runs && runs[above_high].score > high) above_high++;
    above_low = above_high;
    while (above_low < count_runs && runs[above_low].score > low) above_low++;
    int n = 0;
    if (losers_first) { /* (then every winner is above `high`) */
        if (discards) n = discard_moves(s, discards, separators, moves);
        for (int i = count_runs - 1; i >= above_low; i--) moves[n++] = runs[i];
    }
    for (int i = above_high - 1; i >= 0; i--) moves[n++] = runs[i];
    for (int i = above_low - 1; i >= above_high; i--) moves[n++] = runs[i];
    if (!losers_first) {
        if (discards) n += discard_moves(s, discards, separators, moves + n);
        for (int i = count_runs - 1; i >= above_low; i--) moves[n++] = runs[i];
    }
    return n;
}

/* The legal moves of the seat to play, one per run of equivalent cards, best-looking first: a lead's scored and
 * sorted, an answer's built in order by `answer_moves`.  (Inlined in `reaches`, its only caller, where gcc would not:
 * measurably faster.) */
static inline __attribute__((always_inline)) int generate(const State *s, Move *moves) {
    int seat = s->turn;
    u64 playable = s->hands[seat];
    u64 separators = (s->live & ~playable) | s->trick_mask;
    if (s->trick_len) {
        u64 follow = playable & s->t.group_mask[s->led];
        if (follow) playable = follow;
        /* one card, or one run of equivalent cards: a single move */
        int top = lowest(playable), bottom = highest(playable);
        if (s->t.group[top] == s->t.group[bottom] && !(separators & ((1ull << bottom) - 1) & ~((2ull << top) - 1))) {
            moves[0].card = top;
            moves[0].named = -1;
            moves[0].score = 0;
            moves[0].last = bottom;
            return 1;
        }
        u64 discards = follow ? 0 : playable & ~s->ruffs;
        return answer_moves(s, playable & ~discards, discards, separators, moves);
    }
    /* a lead */
    int n = 0;
    int previous = -1;
    int me_max = side_controls_max(s, seat);
    u64 live = separators | s->hands[seat];
    while (playable) {
        int card = lowest(playable);
        playable &= playable - 1;
        int group = s->t.group[card];
        if (previous >= 0 && s->t.group[previous] == group) {
            u64 between = ((1ull << card) - 1) & ~((2ull << previous) - 1);
            if (!(separators & between)) {
                previous = card;
                moves[n - 1].last = card;
                continue;
            }
        }
        previous = card;
        /* rank within the group among live cards: 0 is the highest */
        int rank = count(live & s->t.group_mask[group] & ((1ull << card) - 1));
        int score;
        if (rank == 0) {
            score = 200 + (group == s->trump ? 50 : 0) + 4 * count(s->hands[seat] & s->t.group_mask[group]);
            /* a winner an opponent can ruff is a worse lead */
            if (group != s->trump && group != 4 && s->trump >= 0)
                for (int other = 0; other < s->players; other++)
                    if (credit_max(s, other) != me_max && !(s->hands[other] & s->t.group_mask[group]) &&
                        (s->hands[other] & s->t.group_mask[s->trump])) {
                        score -= 150;
                        break;
                    }
        } else {
            score = 100 - 20 * rank + count(s->hands[seat] & s->t.group_mask[group]);
            /* lead towards a partner who holds the top card of the suit */
            int holder = s->owner[lowest(live & s->t.group_mask[group])];
            if (holder != seat && credit_max(s, holder) == me_max) score += 150;
        }
        score += 30 * highest(history[seat][card] | 1);
        if (card == s->joker) {
            for (int named = 0; named < 4; named++) {
                moves[n].card = card;
                moves[n].named = named;
                moves[n].score = 300;
                moves[n].last = card;
                n++;
            }
        } else {
            moves[n].card = card;
            moves[n].named = -1;
            moves[n].score = score;
            moves[n].last = card;
            n++;
        }
    }
    sort_by_score(moves, n);
    return n;
}


/* ------------------------------------------------------------------ bounds */

/* The tricks a side needs to settle a question about `target` in its favour: `target` for the side counted, enough
 * to hold it below `target` for the other. */
static inline int tricks_needed(const State *s, int for_max, int target) {
    return for_max ? target : s->tricks_left - target + 1;
}

/* Whether the highest k of the trumps `held` (k at most `most`), less the trumps of `others` above the lowest of
 * them, reach `need`, with in *relevant the live `trumps` from the top down to the lowest counted. */
static int top_trumps_reach(u64 held, int most, u64 others, int need, u64 trumps, u64 *relevant) {
    for (int k = 1; k <= most; k++) {
        int card = lowest(held);
        held &= held - 1;
        if (k - count(others & ((1ull << card) - 1)) >= need) {
            *relevant = at_or_above(trumps, card);
            return 1;
        }
    }
    return 0;
}

/* Whether a side's trumps (`mine`, the other side's `others`, of all the live `trumps`) take `need` tricks for sure,
 * with in *relevant the trumps counted: from the top down to the lowest counted.  Every card of a hand is played before
 * the hand ends, and a trump is beaten only by a higher trump, so a hand whose k highest trumps have m trumps of the
 * other side above the lowest of them takes at least k - m tricks for its side (each of those higher trumps beats at
 * most one of the k).  A side of at most two hands that chooses its own cards (`pair_sides`) counts its trumps
 * together: its k highest, m of the other side's above the lowest of them, and L the most trumps one of its hands
 * holds, take at least min(k, L) - m.  Each trick where one of the k falls is the side's unless one of the m falls
 * there too, and the side keeps two of the k from falling in one trick (the hand that plays second plays another
 * card) unless both its hands hold nothing else they may play; then k > L, and the trick that two of them take
 * together costs no more than one of the longer hand's.  (A side of three hands could have one of them made to ruff
 * and lose while the others follow suit.) */
static int trump_tricks_reach(const State *s, int side, int need, u64 trumps, u64 mine, u64 others, u64 *relevant) {
    if (count(mine) < need) return 0;
    if (s->pair_sides >> side & 1) {
        int longest = 0;
        for (int seat = 0; seat < s->players; seat++)
            if (credit_max(s, seat) == side) {
                int held = count(s->hands[seat] & trumps);
                if (held > longest) longest = held;
            }
        return longest >= need && top_trumps_reach(mine, longest, others, need, trumps, relevant);
    }
    for (int seat = 0; seat < s->players; seat++) {
        u64 held = s->hands[seat] & trumps;
        if (credit_max(s, seat) == side && count(held) >= need &&
            top_trumps_reach(held, count(held), others, need, trumps, relevant))
            return 1;
    }
    return 0;
}

/* Sure tricks at a trick's start, whoever leads: each side's trumps (trump_tricks_reach), and the holder of the
 * no-trump Joker takes one trick.  Returns 1 when these settle the question about `target`, with the answer in
 * *answer and in *relevant the trumps that decide it: all those from the top down to the lowest counted (the no-trump
 * Joker needs none: its holder is part of the shape). */
static int sure_tricks(const State *s, int target, int *answer, u64 *relevant) {
    u64 live = s->live;
    *relevant = 0;
    u64 joker_group = live & s->t.group_mask[4];
    if (joker_group) {
        int card = lowest(joker_group);
        for (int seat = 0; seat < s->players; seat++)
            if (s->hands[seat] >> card & 1) {
                int side = credit_max(s, seat);
                if (tricks_needed(s, side, target) > 1) return 0;
                *answer = side;
                return 1;
            }
    }
    if (s->trump < 0) return 0;
    u64 trumps = live & s->t.group_mask[s->trump];
    u64 side_trumps[2] = {trumps & s->side_cards[0], trumps & s->side_cards[1]}; /* the other side's, the counted's */
    for (int side = 0; side < 2; side++)
        if (trump_tricks_reach(s, side, tricks_needed(s, side, target), trumps, side_trumps[side], side_trumps[!side],
                               relevant)) {
            *answer = side;
            return 1;
        }
    return 0;
}

/* Quick tricks of a hand of the side to lead at a trick's start, were it on lead: cards it can cash one after another,
 * each the highest live card of its suit, that no opponent can trump (the trump suit's top cards, and in a plain suit
 * only as many rounds as every opponent holding a trump or the no-trump Joker can follow).  tops[g] gets the tricks
 * of each group, winners[g] the cards counted (the hand's highest of the group). */
static int quick_tricks_of(const State *s, int seat, u64 live, const u64 *opponents_ruffing, int ruffers, int *tops,
                           u64 *winners) {
    u64 own = s->hands[seat];
    int total = 0;
    for (int g = 0; g < GROUPS; g++) {
        tops[g] = 0;
        winners[g] = 0;
        u64 mine = own & s->t.group_mask[g];
        if (!mine) continue;
        u64 others = live & s->t.group_mask[g] & ~mine;
        int top = others ? count(mine & ((1ull << lowest(others)) - 1)) : count(mine);
        if (!top) continue;
        if (g != s->trump && g != 4) {
            for (int i = 0; i < ruffers; i++) {
                int length = count(opponents_ruffing[i] & s->t.group_mask[g]);
                if (length < top) top = length;
            }
        }
        tops[g] = top;
        total += top;
        for (int i = 0; i < top; i++) {
            winners[g] |= mine & -mine;
            mine &= mine - 1;
        }
    }
    return total;
}

/* The winners that make `need` quick tricks: `first` (if not -1) first, then the other groups in order, of each only
 * its highest winners still needed (they are its highest live cards, so a position holding them as here counts at
 * least as many there).  Which hands can follow or trump depends only on the shape, so the winners are all that
 * decide. */
static u64 quick_winners_needed(const int *tops, const u64 *winners, int need, int first) {
    u64 cards = 0;
    int total = 0;
    for (int i = first >= 0 ? -1 : 0; i < GROUPS && total < need; i++) {
        int g = i < 0 ? first : i;
        if ((i >= 0 && g == first) || !tops[g]) continue;
        /* the group's highest winners, as many as are still needed: they are the highest live cards of the group */
        u64 group = winners[g];
        for (int k = 0; k < tops[g] && total < need; k++, total++) {
            cards |= group & -group;
            group &= group - 1;
        }
    }
    return cards;
}

/* Quick tricks of the side to lead: the leader's own, or a partner's when the leader can lead to one of the partner's
 * sure winners (the partner then wins that trick and is on lead to cash the rest), those after as many of the
 * leader's own as it can cash first with the partner keeping its winners.  Counted only where the side also
 * chooses the cards of the hands involved (not for a Jambone hand).  Returns 1 when they settle the question about
 * `target`, with the answer in *answer and in *relevant the winners that decide it. */
static int quick_tricks(const State *s, int target, int *answer, u64 *relevant) {
    int leader = s->turn;
    int side = credit_max(s, leader);
    *relevant = 0;
    if (side_controls_max(s, leader) != side) return 0;
    u64 live = s->live, opponents_ruffing[MAX_SEATS];
    int ruffers = 0;
    u64 ruffing_mask = s->t.group_mask[4] | (s->trump >= 0 ? s->t.group_mask[s->trump] : 0);
    /* A hand that can ruff and so take the lead: any the side does not both count and play (a Jambone hand played
     * by the other side counts for this one, yet its ruff would pass the lead to that other side). */
    for (int seat = 0; seat < s->players; seat++) {
        int outside = credit_max(s, seat) != side || side_controls_max(s, seat) != side;
        if (outside && (s->hands[seat] & ruffing_mask)) opponents_ruffing[ruffers++] = s->hands[seat];
    }
    int need = tricks_needed(s, side, target);
    int own[GROUPS], tops[GROUPS], best_tops[GROUPS];
    u64 own_winners[GROUPS], winners[GROUPS], best_winners[GROUPS];
    int alone = quick_tricks_of(s, leader, live, opponents_ruffing, ruffers, own, own_winners);
    int total = alone, first = 0; /* with a partner's tricks, the leader's own cashed first */
    int entry = -1;               /* for a partner's tricks: a group the leader leads to reach the partner */
    u64 cashed = 0;               /* the leader's winners cashed first */
    if (total < need) {
        unsigned leader_groups = 0;
        for (int g = 0; g < 4; g++)
            if (s->hands[leader] & s->t.group_mask[g]) leader_groups |= 1u << g;
        for (int seat = 0; seat < s->players; seat++) {
            if (seat == leader || !s->hands[seat] || credit_max(s, seat) != side || side_controls_max(s, seat) != side)
                continue;
            unsigned tops_held = 0; /* the groups the leader holds whose top card is this partner's */
            for (int g = 0; g < 4; g++) {
                u64 cards = live & s->t.group_mask[g];
                if ((leader_groups >> g & 1) && s->owner[lowest(cards)] == seat) tops_held |= 1u << g;
            }
            if (!tops_held) continue;
            int partner = quick_tricks_of(s, seat, live, opponents_ruffing, ruffers, tops, winners);
            int reach = -1;
            for (int g = 0; g < 4 && reach < 0; g++)
                if (tops[g] && (leader_groups >> g & 1)) reach = g;
            if (reach < 0) continue;
            /* Before leading to the partner, the leader cashes its own winners: all of them where the partner has as
             * many cards it does not count (to follow suit with, or else to discard), else those of each group the
             * partner can follow every round of.  The partner then keeps its winners (its cards of the leader's
             * groups are not: the leader's top them), and the hands that could ruff follow suit, keeping their
             * cards of the partner's groups. */
            int before = 0, spare = count(s->hands[seat]) - partner;
            u64 before_cards = 0;
            for (int g = 0; g < GROUPS; g++)
                if (own[g] && (alone <= spare || count(s->hands[seat] & s->t.group_mask[g]) >= own[g])) {
                    before += own[g];
                    before_cards |= own_winners[g];
                }
            if (before + partner <= total) continue;
            total = before + partner;
            first = before;
            cashed = before_cards;
            entry = reach;
            memcpy(best_tops, tops, sizeof tops);
            memcpy(best_winners, winners, sizeof winners);
        }
    }
    if (total < need && s->trump >= 0) {
        /* the leader's plain winners cashed first, then the side's trumps: sure while no other hand of the side has to
         * ruff one of those winners (and take the lead) for want of a card other than a trump */
        u64 trumps = live & s->t.group_mask[s->trump], cash_cards = 0;
        int cash = 0;
        for (int g = 0; g < 4; g++)
            if (g != s->trump) {
                cash += own[g];
                cash_cards |= own_winners[g];
            }
        int spare = cash > 0;
        for (int seat = 0; seat < s->players && spare; seat++)
            if (seat != leader && credit_max(s, seat) == side && s->hands[seat] &&
                count(s->hands[seat] & ~trumps) < cash)
                spare = 0;
        if (spare && trump_tricks_reach(s, side, need - cash, trumps, trumps & s->side_cards[side],
                                        trumps & s->side_cards[!side], relevant)) {
            *relevant |= cash_cards;
            *answer = side;
            return 1;
        }
    }
    if (total < need) return 0;
    /* (with a partner's tricks, the leader's own come short of `need`, so the entry is among the winners needed) */
    *relevant = entry < 0 ? quick_winners_needed(own, own_winners, need, -1)
                          : cashed | quick_winners_needed(best_tops, best_winners, need - first, entry);
    *answer = side;
    return 1;
}

/* ------------------------------------------------------------------ search
 *
 * Every question also answers which cards decided it ("relevant" cards, a set of cards live at the start of the
 * current trick): the same answer holds for any position of the same shape whose cards, in each group, are held as
 * here from the top down to the lowest relevant card.  A card is relevant when it won a trick over a card of its own
 * group (a card that wins as the only one of its group, or by trumping alone, would win as any card of its group), or
 * when a bound relied on it; a question settled by one move needs that move's relevant cards, one that no move
 * settles needs those of every move. */

static jmp_buf abort_search; /* where the search jumps when it reaches its node limit */

static int reaches(State *s, int target, u64 *relevant);

/* The last trick: every hand has one card.  Whether the side counted wins it. */
static int last_trick_for_max(const State *s, u64 *relevant) {
    int seat = s->turn;
    int card = lowest(s->hands[seat]);
    int led = s->t.group[card];
    if (led >= 4) led = 0; /* the no-trump Joker wins whatever suit it names */
    int best = s->t.power[led][card], winner = seat, winning_card = card;
    u64 played = 1ull << card;
    for (int i = 1; i < s->active; i++) {
        seat = s->next_seat[seat];
        int c = lowest(s->hands[seat]);
        played |= 1ull << c;
        int strength = s->t.power[led][c];
        if (strength > best) {
            best = strength;
            winner = seat;
            winning_card = c;
        }
    }
    u64 win_bit = 1ull << winning_card;
    *relevant = played & s->t.group_mask[s->t.group[winning_card]] & ~win_bit ? win_bit : 0;
    return credit_max(s, winner);
}

static int move_reaches(State *s, const Move *m, int target, u64 *relevant) {
    int seat = s->turn;
    int card = m->card;
    int saved_led = s->led, saved_best = s->best, saved_winner = s->winner, saved_win_card = s->win_card;
    u64 bit = 1ull << card;
    u64 saved_lengths[2] = {s->lengths[0], s->lengths[1]}, saved_stream[2] = {s->stream[0], s->stream[1]};
    int field = 4 * (seat * GROUPS + s->t.group[card]);
    s->lengths[field >> 6] -= 1ull << (field & 63);
    if (s->use_table) cut_bits(s->stream, count(s->live & (bit - 1)) * s->seat_bits, s->seat_bits);
    s->hands[seat] ^= bit;
    s->live ^= bit;
    if (s->trick_len == 0) {
        int led = m->named >= 0 ? m->named : s->t.group[card];
        s->led = led;
        s->best = s->t.power[led][card];
        s->winner = seat;
        s->win_card = card;
    } else {
        int strength = s->t.power[s->led][card];
        if (strength > s->best) {
            s->best = strength;
            s->winner = seat;
            s->win_card = card;
        }
    }
    u64 saved_mask = s->trick_mask;
    s->trick_mask |= bit;
    s->trick_len++;
    int result;
    if (s->trick_len < s->active) {
        s->turn = s->next_seat[seat];
        result = reaches(s, target, relevant);
    } else {
        int winner = s->winner;
        int saved_len = s->trick_len;
        u64 trick = s->trick_mask;
        s->trick_len = 0;
        s->trick_mask = 0;
        s->turn = winner;
        s->tricks_left--;
        result = reaches(s, target - credit_max(s, winner), relevant);
        s->tricks_left++;
        s->trick_len = saved_len;
        /* the winning card's rank decided the trick when it beat another card of its group */
        u64 win_bit = 1ull << s->win_card;
        if (trick & s->t.group_mask[s->t.group[s->win_card]] & ~win_bit) *relevant |= win_bit;
    }
    s->trick_len--;
    s->trick_mask = saved_mask;
    s->turn = seat;
    s->hands[seat] ^= bit;
    s->live ^= bit;
    memcpy(s->lengths, saved_lengths, sizeof saved_lengths);
    memcpy(s->stream, saved_stream, sizeof saved_stream);
    s->led = saved_led;
    s->best = saved_best;
    s->winner = saved_winner;
    s->win_card = saved_win_card;
    return result;
}

/* Moves `card`'s move, if present, to the front of the list. */
static void promote(Move *moves, int n, int card) {
    for (int i = 1; i < n; i++)
        if (moves[i].card == card) {
            Move m = moves[i];
            memmove(moves + 1, moves, sizeof(Move) * (size_t)i);
            moves[0] = m;
            return;
        }
}

/* The card of the leader's move that a table hint (a group and a rank among its live cards `live`) names: the move of
 * that group at that rank or nearest above it, or -1. */
static int hinted_card(const State *s, u64 live, const Move *moves, int n, int hint) {
    int group = hint >> 4;
    u64 cards = live & s->t.group_mask[group];
    for (int i = 0; i < (hint & 15) && cards; i++) cards &= cards - 1;
    if (!cards) return -1;
    int card = lowest(cards), chosen = -1;
    for (int i = 0; i < n; i++)
        if (s->t.group[moves[i].card] == group && moves[i].card <= card && moves[i].card > chosen) chosen = moves[i].card;
    return chosen;
}

/* Per tricks left, the lead that last settled a question at a trick's start: tried first where the table has no
 * best move (its position is often close to the last one searched). */
static int8_t killer[16];

/* Whether move `m`, a run of equivalent cards searched as one, reaches into the recorded cards of its group (those
 * down to the lowest of `relevant` in the group) without lying wholly among them. */
static inline int run_reaches_into(const State *s, const Move *m, u64 relevant) {
    u64 decided = relevant & s->t.group_mask[s->t.group[m->card]];
    if (m->last == m->card || !decided) return 0;
    int cut = highest(decided); /* the lowest recorded card of the group */
    return m->card <= cut && cut < m->last;
}

/* The moves of the seat to play, in order; whether one of them settles the question for that seat's side, and the
 * relevant cards of the answer.  Where no move settles it, every move's relevant cards count, and so does each run of
 * equivalent cards searched as one that reaches into the recorded cards of its group: the whole run must then lie
 * among them, for elsewhere a smaller card of the run, not searched, need not be equivalent to the one that was.  (A
 * run wholly below them is smaller cards only, which the answer holds for wherever they lie.)
 *
 * A move that does not settle the question, of a card below every card of its group that decided its answer, makes
 * the hand's other cards of the group below those cards "small": no smaller card won a trick over a card of its own
 * group in that search, nor did a bound or a table entry count one, so ranking the smaller cards of the group in any
 * other order gives the same answer, and playing any one of them is playing that card with its rank exchanged.  They
 * are not searched (as bridge solvers do with their "winning ranks"); the answer of the move searched stands for
 * them, relevant cards included. */
static int search_moves(State *s, Move *moves, int n, int target, u64 *relevant, int *best_card) {
    int maximising = side_controls_max(s, s->turn);
    u64 all = 0;
    int runs = 0; /* whether a move stands for a run of cards (else the runs need no look below) */
    int small_cut[GROUPS] = {64, 64, 64, 64, 64}; /* per group, the hand's cards after this index are small */
    for (int i = 0; i < n; i++) {
        u64 cards;
        int group = s->t.group[moves[i].card];
        runs |= moves[i].last != moves[i].card;
        if (moves[i].card > small_cut[group] && moves[i].named < 0) {
            continue;
        }
        if (move_reaches(s, &moves[i], target, &cards) == maximising) {
            *relevant = cards;
            *best_card = moves[i].card;
            return maximising;
        }
        all |= cards;
        u64 decided = cards & s->t.group_mask[group];
        int cut = decided ? highest(decided) : -1;
        if (moves[i].card > cut && cut < small_cut[group]) small_cut[group] = cut;
    }
    for (int changed = runs; changed;) {
        changed = 0;
        for (int i = 0; i < n; i++)
            if (run_reaches_into(s, &moves[i], all)) {
                all |= 1ull << moves[i].last;
                changed = 1;
            }
    }
    *relevant = all;
    *best_card = -1;
    return !maximising;
}

static int reaches(State *s, int target, u64 *relevant) {
    *relevant = 0;
    if (target <= 0) return 1;
    if (target > s->tricks_left) return 0;
    if (++s->nodes > s->node_limit) longjmp(abort_search, 1);
    Move moves[MAX_MOVES];
    int best_card;
    if (s->trick_len) {
        int n = generate(s, moves);
        if (n > 1) return search_moves(s, moves, n, target, relevant, &best_card);
        /* a single move (often): as in search_moves, its answer, and where it does not settle the question, the whole
         * of its run if the run reaches into the recorded cards */
        int result = move_reaches(s, moves, target, relevant);
        if (result != side_controls_max(s, s->turn) && run_reaches_into(s, moves, *relevant))
            *relevant |= 1ull << moves->last;
        return result;
    }
    if (s->tricks_left == 1) return last_trick_for_max(s, relevant) >= target;
    Key key;
    u64 hash = 0;
    if (s->use_table) {
        make_key(s, &key);
        hash = shape_hash(&key);
        /* the first bucket's tags and codes, while the bounds are counted (the second is seldom read) */
        __builtin_prefetch(pair_of(hash, 0));
        __builtin_prefetch((char *)pair_of(hash, 0) + WAYS);
        __builtin_prefetch((char *)pair_of(hash, 0) + 2 * WAYS);
    }
    /* The sure tricks first (cheap), then the table, then the quick tricks (dearer to count, and the table settles
     * most questions that they would). */
    int answer;
    if (sure_tricks(s, target, &answer, relevant)) return answer;
    int hint = -1;
    if (s->use_table) {
        Entry *e = probe(&key, hash, target, &hint);
        if (e) {
            *relevant = recorded_cards(s, &key, e);
            return e->lower >= target;
        }
    }
    if (quick_tricks(s, target, &answer, relevant)) return answer;
    if (s->use_table) { /* where the answer will be stored, while the moves are searched */
        Bucket *bucket = pair_of(hash, 0);
        __builtin_prefetch(bucket->effort, 1);
        int empty = bucket_generation[bucket - table] == generation ? first_empty(bucket) : 0;
        if (empty >= 0) __builtin_prefetch(bucket->entry + empty, 1);
    }
    int n = generate(s, moves);
    int first = hint >= 0 ? hinted_card(s, key.live, moves, n, hint) : -1;
    promote(moves, n, first >= 0 ? first : killer[s->tricks_left]);
    long long before = s->nodes;
    int result = search_moves(s, moves, n, target, relevant, &best_card);
    if (best_card >= 0) killer[s->tricks_left] = (int8_t)best_card;
    if (best_card >= 0) history[s->turn][best_card] += (u64)(s->tricks_left * s->tricks_left);
    if (s->use_table) {
        int rank_hint = -1;
        if (best_card >= 0) {
            int group = s->t.group[best_card];
            int rank = count(key.live & s->t.group_mask[group] & ((1ull << best_card) - 1));
            if (rank < 16) rank_hint = group << 4 | rank;
        }
        int effort = highest((u64)(s->nodes - before) | 1);
        if (result) store_entry(s, &key, hash, *relevant, target, s->tricks_left, rank_hint, effort);
        else store_entry(s, &key, hash, *relevant, 0, target - 1, rank_hint, effort);
    }
    return result;
}

/* The exact value of the position after move `m` (or of the position itself, `m` NULL), found by zero-window
 * questions starting at `guess` and moving one trick at a time; *decided gets the relevant cards of all the answers. */
static int exact_value(State *s, const Move *m, int guess, u64 *decided) {
    u64 relevant;
    int low = 0, high = s->tricks_left, target = guess; /* the value lies in [low, high] */
    *decided = 0;
    while (low < high) {
        if (target <= low) target = low + 1;
        if (target > high) target = high;
        if (m ? move_reaches(s, m, target, &relevant) : reaches(s, target, &relevant)) low = target++;
        else high = --target;
        *decided |= relevant;
    }
    return low;
}

/* A first guess at the value of a position: the team counted's share of the trumps, of the tricks left (half of them
 * without trumps). */
static int first_guess(const State *s) {
    if (s->trump < 0) return (s->tricks_left + 1) / 2;
    u64 trumps = s->live & s->t.group_mask[s->trump], counted = 0;
    for (int seat = 0; seat < s->players; seat++)
        if (credit_max(s, seat)) counted |= s->hands[seat] & trumps;
    int all = count(trumps);
    return all ? (2 * s->tricks_left * count(counted) + all) / (2 * all) : (s->tricks_left + 1) / 2;
}

/* ------------------------------------------------------------------ Python entry point */

static int read_int_sequence(PyObject *seq, int *out, int limit, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n > limit) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: at most %d values", what, limit);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        out[i] = (int)v;
    }
    Py_DECREF(fast);
    return (int)n;
}

static int find_trump(const Tables *t) {
    for (int g = 0; g < 4; g++) {
        u64 mask = t->group_mask[g];
        if (!mask) continue;
        int card = lowest(mask);
        if (t->power[(g + 1) & 3][card] > 0) return g;
    }
    return -1;
}

/* run(tables, hands, next_seat, max_controls, max_credit, active, turn, trick, led, best, winner, joker,
 *     tricks_left, mode, target, moves, node_limit)
 * mode 0: the exact value (int); 1: whether `target` is reached (bool); 2: the exact value of each move of
 * `moves` ((card, named suit) pairs) as a list.  None when the search visited `node_limit` nodes (if positive)
 * without an answer. */
static PyObject *run(PyObject *self, PyObject *args) {
    (void)self;
    const char *blob;
    Py_ssize_t blob_size;
    PyObject *hands_obj, *next_obj, *trick_obj, *moves_obj;
    unsigned int max_controls, max_credit;
    int active, turn, led, best, winner, joker, tricks_left, mode, target;
    long long node_limit;
    if (!PyArg_ParseTuple(args, "y#OOIIiiOiiiiiiiOL", &blob, &blob_size, &hands_obj, &next_obj, &max_controls,
                          &max_credit, &active, &turn, &trick_obj, &led, &best, &winner, &joker, &tricks_left, &mode,
                          &target, &moves_obj, &node_limit))
        return NULL;
    if (blob_size != (Py_ssize_t)sizeof(Tables)) {
        PyErr_SetString(PyExc_ValueError, "tables: wrong size");
        return NULL;
    }
    if (!table) {
#ifdef _WIN32
        table = (Bucket *)calloc(TABLE_SIZE, sizeof(Bucket));
        if (!table) return PyErr_NoMemory();
#else
        /* zeroed pages from the system, aligned to 2 MiB and, where the system offers it, huge: the table is probed
         * at random, and fewer address translations make each probe cheaper */
        size_t bytes = TABLE_SIZE * sizeof(Bucket), huge = (size_t)1 << 21;
        char *memory = (char *)mmap(NULL, bytes + huge, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (memory == MAP_FAILED) return PyErr_NoMemory();
        table = (Bucket *)(memory + ((huge - ((uintptr_t)memory & (huge - 1))) & (huge - 1)));
#ifdef MADV_HUGEPAGE
        madvise(table, bytes, MADV_HUGEPAGE);
#endif
#endif
    }
    static State s;
    memcpy(&s.t, blob, sizeof(Tables));
    PyObject *hands_fast = PySequence_Fast(hands_obj, "hands");
    if (!hands_fast) return NULL;
    Py_ssize_t players = PySequence_Fast_GET_SIZE(hands_fast);
    if (players < 2 || players > MAX_SEATS) {
        Py_DECREF(hands_fast);
        PyErr_SetString(PyExc_ValueError, "hands: 2 to 6 seats");
        return NULL;
    }
    for (Py_ssize_t i = 0; i < players; i++) {
        unsigned long long h = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(hands_fast, i));
        if (h == (unsigned long long)-1 && PyErr_Occurred()) {
            Py_DECREF(hands_fast);
            return NULL;
        }
        s.hands[i] = h;
        for (u64 cards = h; cards; cards &= cards - 1) s.owner[lowest(cards)] = (uint8_t)i;
    }
    Py_DECREF(hands_fast);
    s.players = (int)players;
    if (read_int_sequence(next_obj, s.next_seat, MAX_SEATS, "next_seat") != players) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "next_seat: one per seat");
        return NULL;
    }
    int trick_cards[MAX_SEATS];
    int trick_len = read_int_sequence(trick_obj, trick_cards, MAX_SEATS, "trick");
    if (trick_len < 0) return NULL;
    s.trick_len = trick_len;
    s.trick_mask = 0;
    for (int i = 0; i < trick_len; i++) s.trick_mask |= 1ull << trick_cards[i];
    s.max_controls = max_controls;
    s.max_credit = max_credit;
    s.pair_sides = 0;
    s.side_cards[0] = s.side_cards[1] = 0;
    for (int seat = 0; seat < s.players; seat++) s.side_cards[max_credit >> seat & 1] |= s.hands[seat];
    for (int side = 0; side < 2; side++) {
        int hands = 0, chosen = 1;
        for (int seat = turn, i = 0; i < active; i++, seat = s.next_seat[seat])
            if ((int)(max_credit >> seat & 1) == side) {
                hands++;
                if ((int)(max_controls >> seat & 1) != side) chosen = 0;
            }
        if (hands <= 2 && chosen) s.pair_sides |= 1u << side;
    }
    s.active = active;
    s.turn = turn;
    s.led = led;
    s.best = best;
    s.winner = winner;
    s.joker = joker;
    s.tricks_left = tricks_left;
    s.seat_bits = players <= 4 ? 2 : 3;
    s.trump = find_trump(&s.t);
    s.ruffs = s.trump >= 0 ? s.t.group_mask[s.trump] : s.t.group_mask[4];
    s.nodes = 0;
    s.win_card = trick_len ? trick_cards[0] : -1;
    for (int i = 1; i < trick_len; i++)
        if (s.t.power[led][trick_cards[i]] > s.t.power[led][s.win_card]) s.win_card = trick_cards[i];
    {
        u64 live = 0;
        for (int i = 0; i < s.players; i++) live |= s.hands[i];
        s.live = live;
        s.use_table = count(live) * s.seat_bits <= 128;
        memset(s.lengths, 0, sizeof s.lengths);
        for (int seat = 0; seat < s.players; seat++)
            for (int g = 0; g < GROUPS; g++) {
                int field = 4 * (seat * GROUPS + g);
                s.lengths[field >> 6] |= (u64)count(s.hands[seat] & s.t.group_mask[g]) << (field & 63);
            }
        /* The groups are consecutive runs of card indices, so the stream is the holders of the live cards in index
         * order, group by group. */
        memset(s.stream, 0, sizeof s.stream);
        if (s.use_table) {
            int used = 0;
            for (u64 cards = live; cards; cards &= cards - 1, used += s.seat_bits) {
                u64 holder = s.owner[lowest(cards)];
                s.stream[used >> 6] |= holder << (used & 63);
                if ((used & 63) + s.seat_bits > 64) s.stream[1] |= holder >> (64 - (used & 63));
            }
        }
        int bits = count(live) / 3 - 1;
        if (bits < 2) bits = 2;
        if (bits > TABLE_BITS) bits = TABLE_BITS;
        table_mask = (1u << bits) - 1;
    }

    if (!signature.valid || memcmp(&signature.t, &s.t, sizeof(Tables)) != 0 || signature.max_controls != max_controls ||
        signature.max_credit != max_credit || signature.players != s.players || signature.active != active ||
        signature.joker != joker || memcmp(signature.next_seat, s.next_seat, sizeof(int) * (size_t)players) != 0) {
        generation++;
        if (generation == 0) {
            memset(bucket_generation, 0, sizeof bucket_generation);
            generation = 1;
        }
        memset(killer, -1, sizeof killer);
        signature.valid = 1;
        memcpy(&signature.t, &s.t, sizeof(Tables));
        signature.max_controls = max_controls;
        signature.max_credit = max_credit;
        signature.players = s.players;
        signature.active = active;
        signature.joker = joker;
        memcpy(signature.next_seat, s.next_seat, sizeof(int) * (size_t)players);
    }

    /* The moves are read before the search, so that a search that gives up holds no Python object. */
    Move move_list[MAX_MOVES];
    int values[MAX_MOVES];
    Py_ssize_t n = 0;
    if (mode == 2) {
        PyObject *fast = PySequence_Fast(moves_obj, "moves");
        if (!fast) return NULL;
        n = PySequence_Fast_GET_SIZE(fast);
        if (n > MAX_MOVES) {
            Py_DECREF(fast);
            PyErr_Format(PyExc_ValueError, "moves: at most %d", MAX_MOVES);
            return NULL;
        }
        for (Py_ssize_t i = 0; i < n; i++) {
            int parts[2];
            if (read_int_sequence(PySequence_Fast_GET_ITEM(fast, i), parts, 2, "move") != 2) {
                if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a move is (card, named suit)");
                Py_DECREF(fast);
                return NULL;
            }
            move_list[i].card = parts[0];
            move_list[i].named = parts[1];
            move_list[i].score = 0;
            move_list[i].last = parts[0];
        }
        Py_DECREF(fast);
    } else if (mode != 0 && mode != 1) {
        PyErr_SetString(PyExc_ValueError, "mode is 0, 1 or 2");
        return NULL;
    }

    s.node_limit = node_limit > 0 ? node_limit : LLONG_MAX;
    memset(history, 0, sizeof history);
    int answer = 0;
    if (setjmp(abort_search)) {
        /* The node limit was reached.  Every table entry stored so far records a finished question, so the table
         * stays true; the search's own state is set afresh by the next call. */
        last_nodes = s.nodes;
        Py_RETURN_NONE;
    }
    if (mode == 0) {
        u64 decided;
        answer = exact_value(&s, NULL, (tricks_left + 1) / 2, &decided);
    } else if (mode == 1) {
        u64 relevant;
        answer = reaches(&s, target, &relevant);
    } else {
        /* Each move on its own, from the value of the move before: the values of a position's moves are close
         * together, so the first question of each move is usually one of the two that its value needs.  After the
         * first move it asks for one trick more than the move before took: most moves take no more, and the table
         * that proves so also makes the other question, "at least as many", cheaper (the hardest positions least
         * of all: their worst cost falls by a fifth, and the total a little). */
        int guess = target >= 0 ? target : first_guess(&s);
        /* As in search_moves, a move of a card below every card of its group that decided its value makes the smaller
         * cards of that group small: they have its value. */
        int small_cut[GROUPS] = {64, 64, 64, 64, 64}, small_value[GROUPS] = {0}, valued = 0;
        for (Py_ssize_t i = 0; i < n; i++) {
            const Move *m = &move_list[i];
            int group = s.t.group[m->card];
            if (m->named < 0 && m->card > small_cut[group]) {
                values[i] = small_value[group];
                continue;
            }
            u64 decided;
            guess = exact_value(&s, m, valued++ ? guess + 1 : guess, &decided);
            values[i] = guess;
            u64 in_group = decided & s.t.group_mask[group];
            int cut = in_group ? highest(in_group) : -1;
            if (m->named < 0 && m->card > cut && cut < small_cut[group]) {
                small_cut[group] = cut;
                small_value[group] = guess;
            }
        }
    }
    last_nodes = s.nodes;
    if (mode == 0) return PyLong_FromLong(answer);
    if (mode == 1) return PyBool_FromLong(answer);
    PyObject *result = PyList_New(n);
    if (!result) return NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = PyLong_FromLong(values[i]);
        if (!item) {
            Py_DECREF(result);
            return NULL;
        }
        PyList_SET_ITEM(result, i, item);
    }
    return result;
}

static PyObject *nodes(PyObject *self, PyObject *unused) {
    (void)self;
    (void)unused;
    return PyLong_FromLongLong(last_nodes);
}

static PyObject *clear(PyObject *self, PyObject *unused) {
    (void)self;
    (void)unused;
    signature.valid = 0;
    Py_RETURN_NONE;
}


static PyMethodDef methods[] = {
    {"run", run, METH_VARARGS, "Search a compact position (see bowers.solver.search)."},
    {"nodes", nodes, METH_NOARGS, "Nodes searched by the last call."},
    {"clear", clear, METH_NOARGS, "Forget the transposition table."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_search", "The compiled double-dummy search of bowers.", -1, methods,
};

PyMODINIT_FUNC PyInit__search(void) {
#ifdef NEEDS_POPCNT_CHECK
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("popcnt")) {
        PyErr_SetString(PyExc_ImportError, "the compiled solver needs a processor with the popcnt instruction");
        return NULL;
    }
#endif
    return PyModule_Create(&module);
}
