/* The compiled double-dummy search of bowers: the same questions as bowers/solver/reference.py, fast.
 *
 * A position is a handful of 64-bit sets over the "compact" deck of
 * bowers/solver/position.py: cards grouped by effective suit, each group a run
 * of bits from its highest card down.  The search is zero-window ("can the
 * team counted take at least `target` more tricks?") alpha-beta over plays,
 * with:
 *   - a transposition table of lower and upper bounds, probed at each trick's
 *     start and keyed on the relative ranks of the live cards (per group, the
 *     holders of its live cards in rank order, and the leader), so positions
 *     that differ only in which cards are gone share an entry; it is kept from
 *     one call to the next while the trump tables and the sides stay the same;
 *   - one card searched of each run of a hand's cards with no live card between;
 *   - sure-trick bounds at each trick's start (a hand holding the top live
 *     trumps takes a trick with each of them);
 *   - move ordering: a cheap winner or a low card when following, high
 *     winners first when leading.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifndef _WIN32
#include <sys/mman.h>
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
    int next_seat[MAX_SEATS];
    int players;
    int active;
    unsigned max_controls;
    unsigned max_credit;
    int joker;      /* compact index of the Joker when it leads with a named suit, else -1 */
    int trump;      /* the group every card of which wins over any plain card, else -1 */
    int trick_len;
    u64 trick_mask; /* the cards of the trick in progress */
    int led, best, winner, turn;
    int tricks_left;
    int seat_bits;
    int use_table; /* the relative-rank key fits in 128 bits */
    long long nodes;
} State;

typedef struct {
    u64 key0, key1;
    uint32_t generation;
    int8_t lower, upper;
    int8_t tricks;
    int8_t best_card; /* the leader's card that settled the last question here, or -1 */
} Entry;

#define TABLE_BITS 20
#define TABLE_SIZE (1u << TABLE_BITS)
#define WAYS 4 /* entries per bucket */

static Entry *table = NULL;
static uint32_t table_mask = TABLE_SIZE - 1; /* small positions use the start of the table, which stays in cache */
static uint32_t generation = 1;
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

/* ------------------------------------------------------------------ the table */

static void make_key(const State *s, u64 *key0, u64 *key1) {
    int owner[64];
    u64 live = 0;
    for (int seat = 0; seat < s->players; seat++) {
        u64 hand = s->hands[seat];
        live |= hand;
        while (hand) {
            int card = lowest(hand);
            hand &= hand - 1;
            owner[card] = seat;
        }
    }
    /* A 128-bit stream: leader, then per group its size and the holder of each live card. */
    u64 words[2] = {0, 0};
    int used = 0;
#define PUT(value, bits)                                                  \
    do {                                                                  \
        u64 v_ = (u64)(value);                                            \
        int w_ = used >> 6, o_ = used & 63;                               \
        words[w_] |= v_ << o_;                                            \
        if (o_ + (bits) > 64 && w_ == 0) words[1] |= v_ >> (64 - o_);     \
        used += (bits);                                                   \
    } while (0)
    PUT(s->turn, 3);
    for (int g = 0; g < GROUPS; g++) {
        u64 cards = live & s->t.group_mask[g];
        PUT(count(cards), 5);
        while (cards) {
            int card = lowest(cards);
            cards &= cards - 1;
            PUT(owner[card], s->seat_bits);
        }
    }
#undef PUT
    *key0 = words[0];
    *key1 = words[1];
}

static inline uint32_t slot_of(u64 key0, u64 key1) {
    u64 h = key0 * 0x9E3779B97F4A7C15ull ^ (key1 + 0x632BE59BD9B4E019ull) * 0xC2B2AE3D27D4EB4Full;
    h ^= h >> 29;
    return (uint32_t)(h & table_mask) & ~(WAYS - 1u);
}

static Entry *probe(u64 key0, u64 key1) {
    Entry *bucket = table + slot_of(key0, key1);
    for (int i = 0; i < WAYS; i++) {
        Entry *e = bucket + i;
        if (e->generation == generation && e->key0 == key0 && e->key1 == key1) return e;
    }
    return NULL;
}

static void store_entry(u64 key0, u64 key1, int tricks, int lower, int upper, int best_card) {
    Entry *bucket = table + slot_of(key0, key1);
    Entry *victim = NULL;
    for (int i = 0; i < WAYS; i++) {
        Entry *e = bucket + i;
        if (e->generation == generation && e->key0 == key0 && e->key1 == key1) {
            victim = e;
            break;
        }
    }
    if (!victim) {
        /* a stale entry, else the one with the fewest tricks to come (the cheapest to search again) */
        for (int i = 0; i < WAYS; i++) {
            Entry *e = bucket + i;
            if (e->generation != generation) {
                victim = e;
                break;
            }
            if (!victim || e->tricks < victim->tricks) victim = e;
        }
    }
    victim->key0 = key0;
    victim->key1 = key1;
    victim->generation = generation;
    victim->lower = (int8_t)lower;
    victim->upper = (int8_t)upper;
    victim->tricks = (int8_t)tricks;
    victim->best_card = (int8_t)best_card;
}

/* ------------------------------------------------------------------ moves */

typedef struct {
    int card;
    int named;
    int score;
} Move;

static inline int side_controls_max(const State *s, int seat) { return (s->max_controls >> seat) & 1; }
static inline int credit_max(const State *s, int seat) { return (s->max_credit >> seat) & 1; }

/* The legal moves of the seat to play, one per run of equivalent cards, best-looking first. */
static int generate(const State *s, Move *moves) {
    int seat = s->turn;
    u64 playable = s->hands[seat];
    u64 separators = 0;
    for (int other = 0; other < s->players; other++)
        if (other != seat) separators |= s->hands[other];
    separators |= s->trick_mask;
    if (s->trick_len) {
        u64 follow = playable & s->t.group_mask[s->led];
        if (follow) playable = follow;
    }
    int n = 0;
    int previous = -1;
    int me_max = side_controls_max(s, seat);
    int winning_side_good = s->trick_len && credit_max(s, s->winner) == me_max;
    u64 live = separators | s->hands[seat];
    int later_opponent_best = 0; /* the strongest card an opponent still to play to this trick can play */
    int later_partner_best = 0;  /* the same for a partner */
    if (s->trick_len) {
        int other = seat;
        for (int i = s->trick_len + 1; i < s->active; i++) {
            other = s->next_seat[other];
            int partner = side_controls_max(s, other) == me_max;
            u64 hand = s->hands[other];
            u64 follow = hand & s->t.group_mask[s->led];
            if (follow) hand = follow;
            for (int g = 0; g < GROUPS; g++) {
                u64 cards = hand & s->t.group_mask[g];
                if (!cards) continue;
                int strength = s->t.power[s->led][lowest(cards)];
                if (partner) {
                    if (strength > later_partner_best) later_partner_best = strength;
                } else if (strength > later_opponent_best) {
                    later_opponent_best = strength;
                }
            }
        }
    }
    while (playable) {
        int card = lowest(playable);
        playable &= playable - 1;
        int group = s->t.group[card];
        if (previous >= 0 && s->t.group[previous] == group) {
            u64 between = ((1ull << card) - 1) & ~((2ull << previous) - 1);
            if (!(separators & between)) {
                previous = card;
                continue;
            }
        }
        previous = card;
        /* rank within the group among live cards: 0 is the highest */
        u64 above = live & s->t.group_mask[group] & ((1ull << card) - 1);
        int rank = count(above);
        int score;
        if (s->trick_len == 0) {
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
                score = 100 - 10 * rank + count(s->hands[seat] & s->t.group_mask[group]);
                /* lead towards a partner who holds the top card of the suit */
                int top = lowest(live & s->t.group_mask[group]);
                for (int other = 0; other < s->players; other++)
                    if (other != seat && (s->hands[other] >> top & 1) && credit_max(s, other) == me_max) {
                        score += 150;
                        break;
                    }
            }
        } else {
            int strength = s->t.power[s->led][card];
            if (!winning_side_good && strength > s->best) {
                /* the cheapest card that wins, unless an opponent still to play beats it: then low cards first */
                int partner_wins = later_partner_best > later_opponent_best && later_partner_best > s->best;
                score = strength < later_opponent_best || partner_wins ? -100000 - strength : 4000 - strength;
            } else if (strength == 0) {
                /* a discard: the lowest card of a suit without winners, shortest suit first */
                u64 suit_held = s->hands[seat] & s->t.group_mask[group];
                int holds_top = (s->hands[seat] >> lowest(live & s->t.group_mask[group])) & 1;
                score = rank * 4 - (holds_top ? 64 : 0) - count(suit_held) - (group == s->trump ? 128 : 0);
            } else {
                score = -16 * strength - 256; /* a low card that loses, or one under partner's winner */
            }
        }
        if (card == s->joker && s->trick_len == 0) {
            for (int named = 0; named < 4; named++) {
                moves[n].card = card;
                moves[n].named = named;
                moves[n].score = 300;
                n++;
            }
        } else {
            moves[n].card = card;
            moves[n].named = -1;
            moves[n].score = score;
            n++;
        }
    }
    for (int i = 1; i < n; i++) {
        Move m = moves[i];
        int j = i - 1;
        while (j >= 0 && moves[j].score < m.score) {
            moves[j + 1] = moves[j];
            j--;
        }
        moves[j + 1] = m;
    }
    return n;
}

/* ------------------------------------------------------------------ bounds */

/* Sure tricks at a trick's start: a hand holding the k highest live trumps (or the no-trump Joker) takes k tricks.
 * Returns the tricks and sets *for_max to the side that takes them. */
static int sure_tricks(const State *s, int *for_max) {
    u64 live = 0;
    for (int seat = 0; seat < s->players; seat++) live |= s->hands[seat];
    u64 joker_group = live & s->t.group_mask[4];
    if (joker_group) {
        int card = lowest(joker_group);
        for (int seat = 0; seat < s->players; seat++)
            if (s->hands[seat] >> card & 1) {
                *for_max = credit_max(s, seat);
                return 1;
            }
    }
    if (s->trump < 0) return 0;
    u64 trumps = live & s->t.group_mask[s->trump];
    if (!trumps) return 0;
    int held[MAX_SEATS] = {0};
    int side = -1;
    while (trumps) {
        int card = lowest(trumps);
        trumps &= trumps - 1;
        int seat = 0;
        while (!(s->hands[seat] >> card & 1)) seat++;
        int seat_side = credit_max(s, seat);
        if (side < 0) side = seat_side;
        else if (seat_side != side) break;
        held[seat]++;
    }
    int best = 0;
    for (int seat = 0; seat < s->players; seat++)
        if (held[seat] > best) best = held[seat];
    *for_max = side;
    return best;
}

/* Quick tricks of a hand of the side to lead at a trick's start, were it on lead: cards it can cash one after another,
 * each the highest live card of its suit, that no opponent can trump (the trump suit's top cards, and in a plain suit
 * only as many rounds as every opponent holding a trump or the no-trump Joker can follow).  *groups gets the groups
 * with at least one such trick. */
static int quick_tricks_of(const State *s, int seat, u64 live, const u64 *opponents_ruffing, int ruffers,
                           unsigned *groups) {
    u64 own = s->hands[seat];
    int total = 0;
    *groups = 0;
    for (int g = 0; g < GROUPS; g++) {
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
        if (top) *groups |= 1u << g;
        total += top;
    }
    return total;
}

/* Quick tricks of the side to lead: the leader's own, or a partner's when the leader can lead to one of the partner's
 * sure winners (the partner then wins that trick and is on lead to cash the rest).  Counted only where the side also
 * chooses the cards of the hands involved (not for a Jambone hand). */
static int quick_tricks(const State *s) {
    int leader = s->turn;
    int side = credit_max(s, leader);
    if (side_controls_max(s, leader) != side) return 0;
    u64 live = 0, opponents_ruffing[MAX_SEATS];
    int ruffers = 0;
    u64 ruffing_mask = s->t.group_mask[4] | (s->trump >= 0 ? s->t.group_mask[s->trump] : 0);
    for (int seat = 0; seat < s->players; seat++) {
        live |= s->hands[seat];
        if (credit_max(s, seat) != side && (s->hands[seat] & ruffing_mask)) opponents_ruffing[ruffers++] = s->hands[seat];
    }
    unsigned groups;
    int total = quick_tricks_of(s, leader, live, opponents_ruffing, ruffers, &groups);
    unsigned leader_groups = 0;
    for (int g = 0; g < 4; g++)
        if (s->hands[leader] & s->t.group_mask[g]) leader_groups |= 1u << g;
    for (int seat = 0; seat < s->players; seat++) {
        if (seat == leader || !s->hands[seat] || credit_max(s, seat) != side || side_controls_max(s, seat) != side)
            continue;
        int partner = quick_tricks_of(s, seat, live, opponents_ruffing, ruffers, &groups);
        if (partner > total && (groups & leader_groups)) total = partner;
    }
    return total < s->tricks_left ? total : s->tricks_left;
}

/* ------------------------------------------------------------------ search */

static int reaches(State *s, int target);

#define store(k0, k1, tricks, lower, upper, best_card) \
    do {                                   \
        if (s->use_table) store_entry(k0, k1, tricks, lower, upper, best_card); \
    } while (0)

static int last_trick_for_max(const State *s) {
    int seat = s->turn;
    int card = lowest(s->hands[seat]);
    int led = s->t.group[card];
    if (led >= 4) led = 0; /* the no-trump Joker wins whatever suit it names */
    int best = s->t.power[led][card], winner = seat;
    for (int i = 1; i < s->active; i++) {
        seat = s->next_seat[seat];
        int c = lowest(s->hands[seat]);
        int strength = s->t.power[led][c];
        if (strength > best) {
            best = strength;
            winner = seat;
        }
    }
    return credit_max(s, winner);
}

static int move_reaches(State *s, const Move *m, int target) {
    int seat = s->turn;
    int card = m->card;
    int saved_led = s->led, saved_best = s->best, saved_winner = s->winner;
    u64 bit = 1ull << card;
    s->hands[seat] ^= bit;
    if (s->trick_len == 0) {
        int led = m->named >= 0 ? m->named : s->t.group[card];
        s->led = led;
        s->best = s->t.power[led][card];
        s->winner = seat;
    } else {
        int strength = s->t.power[s->led][card];
        if (strength > s->best) {
            s->best = strength;
            s->winner = seat;
        }
    }
    u64 saved_mask = s->trick_mask;
    s->trick_mask |= bit;
    s->trick_len++;
    int result;
    if (s->trick_len < s->active) {
        s->turn = s->next_seat[seat];
        result = reaches(s, target);
    } else {
        int winner = s->winner;
        int saved_len = s->trick_len;
        s->trick_len = 0;
        s->trick_mask = 0;
        s->turn = winner;
        s->tricks_left--;
        result = reaches(s, target - credit_max(s, winner));
        s->tricks_left++;
        s->trick_len = saved_len;
    }
    s->trick_len--;
    s->trick_mask = saved_mask;
    s->turn = seat;
    s->hands[seat] ^= bit;
    s->led = saved_led;
    s->best = saved_best;
    s->winner = saved_winner;
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

/* Per tricks left, the lead that last settled a question at a trick's start: tried first where the table has no
 * best move (its position is often close to the last one searched). */
static int8_t killer[16];

static int reaches(State *s, int target) {
    if (target <= 0) return 1;
    if (target > s->tricks_left) return 0;
    s->nodes++;
    if (s->trick_len == 0) {
        if (s->tricks_left == 1) return last_trick_for_max(s);
        u64 key0 = 0, key1 = 0;
        if (s->use_table) {
            make_key(s, &key0, &key1);
            __builtin_prefetch(table + slot_of(key0, key1)); /* while the bounds are counted */
        }
        /* The bounds first: they are cheap, and settle a question without the table. */
        int lower = 0, upper = s->tricks_left;
        int quick = quick_tricks(s);
        if (quick) {
            if (credit_max(s, s->turn)) lower = quick;
            else upper = s->tricks_left - quick;
        }
        int for_max;
        int sure = sure_tricks(s, &for_max);
        if (sure) {
            if (for_max) {
                if (sure > lower) lower = sure;
            } else if (s->tricks_left - sure < upper) {
                upper = s->tricks_left - sure;
            }
        }
        if (lower >= target) return 1;
        if (upper < target) return 0;
        int hint = -1;
        Entry *e = s->use_table ? probe(key0, key1) : NULL;
        if (e) {
            if (e->lower >= target) return 1;
            if (e->upper < target) return 0;
            if (e->lower > lower) lower = e->lower;
            if (e->upper < upper) upper = e->upper;
            hint = e->best_card;
        }
        Move moves[MAX_MOVES];
        int n = generate(s, moves);
        if (hint >= 0) promote(moves, n, hint);
        else promote(moves, n, killer[s->tricks_left]);
        int maximising = side_controls_max(s, s->turn);
        int result = !maximising;
        int best_card = -1;
        for (int i = 0; i < n; i++) {
            if (move_reaches(s, &moves[i], target) == maximising) {
                result = maximising;
                best_card = moves[i].card;
                killer[s->tricks_left] = (int8_t)best_card;
                break;
            }
        }
        if (result) {
            if (target > lower) lower = target;
        } else {
            if (target - 1 < upper) upper = target - 1;
        }
        store(key0, key1, s->tricks_left, lower, upper, best_card >= 0 ? best_card : hint);
        return result;
    }
    Move moves[MAX_MOVES];
    int n = generate(s, moves);
    int maximising = side_controls_max(s, s->turn);
    for (int i = 0; i < n; i++)
        if (move_reaches(s, &moves[i], target) == maximising) return maximising;
    return !maximising;
}

/* The exact value of a move known to lie in [low, high], found by zero-window questions starting at `guess`. */
static int exact_move_value(State *s, const Move *m, int guess, int low, int high) {
    if (guess < low) guess = low;
    if (guess > high) guess = high;
    int value = guess;
    if (value == low || move_reaches(s, m, value)) {
        while (value < high && move_reaches(s, m, value + 1)) value++;
    } else {
        value--;
        while (value > low && !move_reaches(s, m, value)) value--;
    }
    return value;
}

static int exact_value(State *s, int guess) {
    int high = s->tricks_left;
    if (guess < 0) guess = 0;
    if (guess > high) guess = high;
    int value = guess;
    if (value == 0 || reaches(s, value)) {
        while (value < high && reaches(s, value + 1)) value++;
    } else {
        value--;
        while (value > 0 && !reaches(s, value)) value--;
    }
    return value;
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
 *     tricks_left, mode, target, moves)
 * mode 0: the exact value (int); 1: whether `target` is reached (bool); 2: the exact value of each move of
 * `moves` ((card, named suit) pairs) as a list. */
static PyObject *run(PyObject *self, PyObject *args) {
    (void)self;
    const char *blob;
    Py_ssize_t blob_size;
    PyObject *hands_obj, *next_obj, *trick_obj, *moves_obj;
    unsigned int max_controls, max_credit;
    int active, turn, led, best, winner, joker, tricks_left, mode, target;
    if (!PyArg_ParseTuple(args, "y#OOIIiiOiiiiiiiO", &blob, &blob_size, &hands_obj, &next_obj, &max_controls,
                          &max_credit, &active, &turn, &trick_obj, &led, &best, &winner, &joker, &tricks_left, &mode,
                          &target, &moves_obj))
        return NULL;
    if (blob_size != (Py_ssize_t)sizeof(Tables)) {
        PyErr_SetString(PyExc_ValueError, "tables: wrong size");
        return NULL;
    }
    if (!table) {
#ifdef _WIN32
        table = (Entry *)calloc(TABLE_SIZE, sizeof(Entry));
        if (!table) return PyErr_NoMemory();
#else
        /* zeroed pages from the system, aligned to 2 MiB and, where the system offers it, huge: the table is probed
         * at random, and fewer address translations make each probe cheaper */
        size_t bytes = TABLE_SIZE * sizeof(Entry), huge = (size_t)1 << 21;
        char *memory = (char *)mmap(NULL, bytes + huge, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (memory == MAP_FAILED) return PyErr_NoMemory();
        table = (Entry *)(memory + ((huge - ((uintptr_t)memory & (huge - 1))) & (huge - 1)));
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
    s.active = active;
    s.turn = turn;
    s.led = led;
    s.best = best;
    s.winner = winner;
    s.joker = joker;
    s.tricks_left = tricks_left;
    s.seat_bits = players <= 4 ? 2 : 3;
    s.trump = find_trump(&s.t);
    s.nodes = 0;
    {
        u64 live = 0;
        for (int i = 0; i < s.players; i++) live |= s.hands[i];
        s.use_table = 3 + 5 * GROUPS + count(live) * s.seat_bits <= 128;
        int bits = 10 + count(live) / 3;
        if (bits > TABLE_BITS) bits = TABLE_BITS;
        table_mask = (1u << bits) - 1;
    }

    if (!signature.valid || memcmp(&signature.t, &s.t, sizeof(Tables)) != 0 || signature.max_controls != max_controls ||
        signature.max_credit != max_credit || signature.players != s.players || signature.active != active ||
        signature.joker != joker || memcmp(signature.next_seat, s.next_seat, sizeof(int) * (size_t)players) != 0) {
        generation++;
        if (generation == 0) {
            memset(table, 0, TABLE_SIZE * sizeof(Entry));
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

    PyObject *result = NULL;
    if (mode == 0) {
        int value = exact_value(&s, (tricks_left + 1) / 2);
        result = PyLong_FromLong(value);
    } else if (mode == 1) {
        result = PyBool_FromLong(reaches(&s, target));
    } else if (mode == 2) {
        PyObject *fast = PySequence_Fast(moves_obj, "moves");
        if (!fast) return NULL;
        Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
        result = PyList_New(n);
        if (!result) {
            Py_DECREF(fast);
            return NULL;
        }
        int guess = target >= 0 ? target : (tricks_left + 1) / 2;
        /* With several moves, the position's value first: no move of the side to play is worth more to it, so each
         * move then needs only the questions on one side of that value, and the table is warm for them. */
        int low = 0, high = tricks_left;
        if (n > 1) {
            guess = exact_value(&s, guess);
            if (side_controls_max(&s, s.turn)) high = guess;
            else low = guess;
        }
        for (Py_ssize_t i = 0; i < n; i++) {
            PyObject *pair = PySequence_Fast_GET_ITEM(fast, i);
            Move m;
            int parts[2];
            if (read_int_sequence(pair, parts, 2, "move") != 2) {
                if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a move is (card, named suit)");
                Py_DECREF(fast);
                Py_DECREF(result);
                return NULL;
            }
            m.card = parts[0];
            m.named = parts[1];
            m.score = 0;
            guess = exact_move_value(&s, &m, guess, low, high);
            PyList_SET_ITEM(result, i, PyLong_FromLong(guess));
        }
        Py_DECREF(fast);
    } else {
        PyErr_SetString(PyExc_ValueError, "mode is 0, 1 or 2");
        return NULL;
    }
    last_nodes = s.nodes;
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

PyMODINIT_FUNC PyInit__search(void) { return PyModule_Create(&module); }
