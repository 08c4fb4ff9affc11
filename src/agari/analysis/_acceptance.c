/* agari.analysis._acceptance: the tile-efficiency figures of the analysis of play in C, for
 * every install where a C compiler is there (setup.py: an optional extension, required in the
 * compiled build; AGARI_PURE=1 leaves it out).
 *
 * It computes what agari.analysis.efficiency computes in Python, by one definition: the
 * shanten of concealed counts beside `melds` called melds is the fewest tiles missing from a
 * complete hand (four sets and a pair, or, with no melds, seven pairs of seven kinds or
 * thirteen orphans), minus one, never drawing more copies of a kind than exist (4 minus the
 * copies the melds hold). The Python module reaches the same figures by the fast formula and
 * asks the exact tables only where the four-copy limit may bite; tests/test_analysis.py
 * holds the two to the same answers on random hands, and tests/play/test_review.py on the
 * review of real games.
 *
 * The standard form is worked suit by suit, as agari.analysis.tables does: a number suit's
 * *distances* d[p * 5 + m] (fewest tiles to draw so that the suit holds m sets and p pairs)
 * come from a left-to-right pass over its nine ranks, memoised in a direct-mapped cache; the
 * honours form no sequences, so theirs are a product of one small table a kind. Groups made
 * only of drawn tiles are added by SCRATCH (3 a set, 2 the pair). A draw or a discard changes
 * one suit: its new distances are met with the other three suits merged once.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>
#include <string.h>

#define KINDS 34
#define SIZE 10 /* d[p * 5 + m]: p pairs (0, 1), m sets (0-4) */
#define INF 99
#define NO_TILE 9 /* the figure of a draw or discard that cannot be made */

typedef struct {
    int8_t d[SIZE];
} Dist;

static const Dist SCRATCH = {{0, 3, 6, 9, 12, 2, 5, 8, 11, 14}};
static const Dist EMPTY = {{0, INF, INF, INF, INF, INF, INF, INF, INF, INF}};

/* Kinds of the thirteen orphans. */
static const int ORPHANS[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};
static int is_orphan[KINDS];

/* ------------------------------------------------------------------ merging distances */

/* Whole Dists at once: the ten entries are the first lanes of a 16-byte vector (the rest
 * INF; GCC's and Clang's vector extensions), and a move of every entry from (p, m) to
 * (p + pair, m + sets) is the vector shifted by pair * 5 + sets lanes -- a load from INF
 * lanes placed before it -- with the lanes that no (p, m) reaches set to INF (DROP). The
 * merge of two suits and the pass over a suit's ranks are made of such moves. */
typedef uint8_t Lanes __attribute__((vector_size(16)));
typedef int8_t LaneMask __attribute__((vector_size(16)));
static Lanes INF_LANES, EMPTY_LANES;
static Lanes DROP[2][5]; /* by (pair, sets): all ones where the lane gets no entry */

static void init_lanes(void) {
    for (int k = 0; k < 16; k++) {
        INF_LANES[k] = INF;
        EMPTY_LANES[k] = k == 0 ? 0 : INF;
    }
    for (int pair = 0; pair < 2; pair++) {
        for (int sets = 0; sets < 5; sets++) {
            for (int k = 0; k < 16; k++) {
                int from = k - (pair * 5 + sets);
                int reached = k < SIZE && from >= 0 && from % 5 + sets <= 4 && from / 5 + pair <= 1;
                DROP[pair][sets][k] = reached ? 0 : 0xFF;
            }
        }
    }
}

/* A Dist's lanes after INF lanes (a shift is a load that starts before them). */
typedef struct {
    uint8_t before[16];
    Lanes v;
} State;

/* The lanes of a Dist, after INF lanes. */
static void shiftable(const Dist *d, State *out) {
    memset(out->before, INF, 16);
    out->v = INF_LANES;
    memcpy(&out->v, d->d, SIZE);
}

/* The lanes of `from` moved by (pair, sets), plus `add`, where they are lower than `best`
 * (INF + INF + 4 still fits a byte: entries are brought back to INF by the caller). */
static inline Lanes lower_moved(const State *from, int pair, int sets, uint8_t add, Lanes best) {
    Lanes moved, drop = DROP[pair][sets];
    memcpy(&moved, from->before + 16 - (pair * 5 + sets), sizeof moved);
    moved = ((moved & ~drop) | (INF_LANES & drop)) + add;
    Lanes lower = (Lanes)(LaneMask)(moved < best);
    return (moved & lower) | (best & ~lower);
}

/* Entries above INF back to INF. */
static inline Lanes capped(Lanes v) {
    Lanes over = (Lanes)(LaneMask)(v > INF_LANES);
    return (INF_LANES & over) | (v & ~over);
}

/* Two groups of suits together: min-plus over the ways to split sets and the pair (at most
 * one pair and four sets in all): b moved by each entry of a. */
static void merge(const Dist *a, const Dist *b, Dist *out) {
    State from;
    shiftable(b, &from);
    Lanes best = INF_LANES;
    for (int p = 0; p < 2; p++) {
        for (int m = 0; m < 5; m++) {
            uint8_t cost = (uint8_t)a->d[p * 5 + m];
            if (cost < INF) best = lower_moved(&from, p, m, cost, best);
        }
    }
    best = capped(best);
    memcpy(out->d, &best, SIZE);
}

/* `b`'s entries, each placed where the entry of an `a` it completes lies (INF where none):
 * what `a` and `b` together miss of the sets and the pair is then ten sums (`paired`),
 * worked out once for the many `a` one `b` meets. The lanes past the ten are INF. */
static Lanes partners(const Dist *b, int need) {
    Lanes out = INF_LANES;
    for (int m = 0; m <= need; m++) {
        out[m] = (uint8_t)b->d[5 + need - m]; /* the pair in b */
        out[5 + m] = (uint8_t)b->d[need - m]; /* the pair in a */
    }
    return out;
}

/* The least of sixteen lanes (and INF): a loop the compiler makes five vector steps. Kept
 * out of line: inlined into after_each's loop over the kinds, it stays sixteen compares. */
__attribute__((noinline)) static int least_lane(Lanes sum) {
    uint8_t lanes[16];
    memcpy(lanes, &sum, sizeof lanes);
    uint8_t least = INF;
    for (int k = 0; k < 16; k++) least = lanes[k] < least ? lanes[k] : least;
    return least;
}

/* The fewest tiles missing for the sets and the pair, `a` beside the `partners` of a b:
 * the lanes summed at once (INF + INF still fits a byte), and their least. */
static inline int paired(const Dist *a, Lanes partner) {
    Lanes sum = INF_LANES;
    memcpy(&sum, a->d, SIZE);
    return least_lane(sum + partner);
}

/* The fewest tiles missing for `need` sets and the pair, `a` and `b` together. */
static int target(const Dist *a, const Dist *b, int need) {
    return paired(a, partners(b, need));
}

/* ------------------------------------------------------------------ a number suit */

/* A left-to-right pass over the nine ranks. The state is the sequences started one rank back
 * and two ranks back (each needs a tile of this rank), and for each state the fewest tiles
 * drawn so far for each (pairs, sets), as a Dist. At each rank, each state may start new
 * sequences, make a triplet and make the pair -- demanding that many copies of the rank,
 * never more than its limit; the copies the suit lacks are drawn.
 *
 * At most two sequences start at a rank: three alike are the same tiles as three triplets
 * (123 123 123 = 111 222 333), the same sets for the same draws, which the pass makes at the
 * held ranks and SCRATCH at the others. */
#define MAX_STARTS 2

static void number_distance(const uint8_t *c, const uint8_t *lim, Dist *out) {
    State states[MAX_STARTS + 1][MAX_STARTS + 1], next[MAX_STARTS + 1][MAX_STARTS + 1];
    int live[MAX_STARTS + 1][MAX_STARTS + 1] = {{0}}, next_live[MAX_STARTS + 1][MAX_STARTS + 1];
    for (int b1 = 0; b1 <= MAX_STARTS; b1++) {
        for (int b2 = 0; b2 <= MAX_STARTS; b2++) {
            memset(states[b1][b2].before, INF, 16);
            memset(next[b1][b2].before, INF, 16);
        }
    }
    states[0][0].v = EMPTY_LANES;
    live[0][0] = 1;
    int owing = 0; /* some state has sequences running into the next rank */
    for (int rank = 0; rank < 9; rank++) {
        int have = c[rank], limit = lim[rank];
        /* only groups that touch a held rank: SCRATCH adds the others */
        int can_start = rank <= 6 && (have || c[rank + 1] || c[rank + 2]);
        int can_group = have > 0;
        if (!can_start && !can_group && !owing) continue;
        memset(next_live, 0, sizeof next_live);
        owing = 0;
        for (int b1 = 0; b1 <= MAX_STARTS; b1++) {
            for (int b2 = 0; b2 <= MAX_STARTS; b2++) {
                if (!live[b1][b2]) continue;
                int owed = b1 + b2;
                if (owed > limit) continue;
                const State *from = &states[b1][b2];
                int max_new = can_start ? limit - owed : 0;
                for (int starts = 0; starts <= max_new && starts <= MAX_STARTS; starts++) {
                    Lanes *to = &next[starts][b1].v;
                    if (!next_live[starts][b1]) {
                        *to = INF_LANES;
                        next_live[starts][b1] = 1;
                        if (starts || b1) owing = 1;
                    }
                    for (int trip = 0; trip <= can_group; trip++) {
                        for (int pair = 0; pair <= can_group; pair++) {
                            int demand = owed + starts + 3 * trip + 2 * pair;
                            if (demand > limit) break;
                            int sets = starts + trip;
                            /* no test for INF here: brought back to INF after the rank */
                            uint8_t add = (uint8_t)(demand > have ? demand - have : 0);
                            *to = lower_moved(from, pair, sets, add, *to);
                        }
                    }
                }
            }
        }
        for (int b1 = 0; b1 <= MAX_STARTS; b1++) {
            for (int b2 = 0; b2 <= MAX_STARTS; b2++) {
                if (!next_live[b1][b2]) continue;
                states[b1][b2].v = capped(next[b1][b2].v);
            }
        }
        memcpy(live, next_live, sizeof live);
    }
    /* only states with no sequence left unfinished */
    Lanes done = live[0][0] ? states[0][0].v : INF_LANES;
    for (int k = 0; k < SIZE; k++) out->d[k] = (int8_t)done[k];
}

/* ------------------------------------------------------------------ the honours */

/* The honours' distances: each held kind left alone, made the pair or a triplet. */
static void honour_distance(const uint8_t *c, const uint8_t *lim, Dist *out) {
    Dist acc = EMPTY;
    for (int k = 0; k < 7; k++) {
        int have = c[k];
        if (!have) continue; /* groups of drawn tiles only: SCRATCH */
        Dist one = EMPTY;
        if (lim[k] >= 2) one.d[5] = (int8_t)(have >= 2 ? 0 : 2 - have);
        if (lim[k] >= 3) one.d[1] = (int8_t)(have >= 3 ? 0 : 3 - have);
        Dist merged;
        merge(&acc, &one, &merged);
        acc = merged;
    }
    *out = acc;
}

/* ------------------------------------------------------------------ a suit by its key */

/* A suit's key: 6 bits a rank (the count, then the limit, 3 bits each), the honours marked.
 * One more or one less tile of rank r is the key plus or minus RANK_TILE(r). */
#define HONOURS_MARK (1ULL << 63)
#define RANK_TILE(r) (1ULL << (6 * (r) + 3))

static uint64_t suit_key(int suit, const uint8_t *c, const uint8_t *lim) {
    int first = 9 * suit, ranks = suit == 3 ? 7 : 9;
    uint64_t key = suit == 3 ? HONOURS_MARK : 0;
    for (int r = 0; r < ranks; r++) {
        key |= (uint64_t)(c[first + r] << 3 | lim[first + r]) << (6 * r);
    }
    return key;
}

/* A number suit's distances depend on less than its key: only the ranks that some group
 * touching a held rank can use (two beyond the lowest and the highest held rank, within
 * the suit), and how much room the suit leaves at each end; and they are the same read
 * backwards. So the memo's key for a number suit is *canonical*: that window of ranks moved
 * to the start, with its length and the room before and after it (0-2 ranks), or its
 * mirror, whichever key is smaller. Suits that differ only where no group can reach, or by
 * the direction they are read, share an entry. */
#define FIELD(key, r) ((key) >> (6 * (r)) & 63)
#define COUNT_BITS 0x38E38E38E38E38ULL /* the count's three bits of each of nine ranks */

static uint64_t canonical(uint64_t key) {
    uint64_t held = key & COUNT_BITS;
    if (key & HONOURS_MARK || !held) return key;
    int low = __builtin_ctzll(held) / 6, high = (63 - __builtin_clzll(held)) / 6;
    int first = low >= 2 ? low - 2 : 0, last = high <= 6 ? high + 2 : 8;
    int length = last - first + 1;
    uint64_t window = key >> (6 * first);
    if (length < 9) window &= (1ULL << (6 * length)) - 1;
    /* the suit read from 9 down to 1 has the same distances (the groups mirror): the
     * smaller of the two keys stands for both */
    uint64_t mirror = 0;
    for (int r = 0; r < length; r++) mirror |= FIELD(window, r) << (6 * (length - 1 - r));
    uint64_t before = (uint64_t)(low - first), after = (uint64_t)(last - high);
    uint64_t ahead = window | before << 54 | after << 56 | (uint64_t)length << 58;
    uint64_t back = mirror | after << 54 | before << 56 | (uint64_t)length << 58;
    return ahead < back ? ahead : back;
}

/* The memo: a direct-mapped cache of suits' distances by canonical key. A collision only
 * recomputes. */
#define CACHE_BITS 17
typedef struct {
    uint64_t key; /* the canonical key plus one; 0 marks an empty slot */
    Dist dist;
} Slot;
static Slot cache[1 << CACHE_BITS];

static void suit_distance(uint64_t key, Dist *out) {
    uint64_t stored = canonical(key) + 1;
    Slot *slot = &cache[(stored * 0x9E3779B97F4A7C15ULL) >> (64 - CACHE_BITS)];
    if (slot->key != stored) {
        uint64_t form = stored - 1;
        uint8_t c[9] = {0}, lim[9] = {4, 4, 4, 4, 4, 4, 4, 4, 4};
        if (form & HONOURS_MARK) {
            for (int r = 0; r < 7; r++) {
                c[r] = (uint8_t)(FIELD(form, r) >> 3);
                lim[r] = (uint8_t)(FIELD(form, r) & 7);
            }
            honour_distance(c, lim, &slot->dist);
        } else {
            /* the window back on nine ranks: at the end it lay against, else the start (an
             * empty suit has no window: its key is its raw key) */
            int length = (int)(form >> 58 & 15), room_after = (int)(form >> 56 & 3);
            int first = room_after < 2 && length > 0 ? 9 - length : 0;
            for (int r = 0; r < length; r++) {
                c[first + r] = (uint8_t)(FIELD(form, r) >> 3);
                lim[first + r] = (uint8_t)(FIELD(form, r) & 7);
            }
            number_distance(c, lim, &slot->dist);
        }
        slot->key = stored;
    }
    *out = slot->dist;
}

/* A suit's distances after one more tile of each rank: what the acceptance of a hand asks
 * for each of its suits (34 draws, four suits). A second direct-mapped memo, by the suit's
 * own key (a hand's suits come back turn after turn), keeps the nine at once: a hand's
 * draws cost four look-ups, not 34. A rank whose copies are all held gets no entry (the
 * caller never draws it). */
#define DRAW_BITS 13
typedef struct {
    uint64_t key; /* the suit's key plus one; 0 marks an empty slot */
    Dist after[9];
} DrawSlot;
static DrawSlot draws[1 << DRAW_BITS];

/* The slot's Dists: read them before the next call (which may reuse the slot). */
static const Dist *suit_draws(uint64_t key, int ranks) {
    uint64_t stored = key + 1;
    DrawSlot *slot = &draws[(stored * 0x9E3779B97F4A7C15ULL) >> (64 - DRAW_BITS)];
    if (slot->key != stored) {
        for (int r = 0; r < ranks; r++) {
            uint64_t field = FIELD(key, r);
            if ((field >> 3) < (field & 7)) suit_distance(key + RANK_TILE(r), &slot->after[r]);
        }
        slot->key = stored;
    }
    return slot->after;
}

/* ------------------------------------------------------------------ a hand */

typedef struct {
    uint8_t c[KINDS];   /* concealed counts */
    uint8_t lim[KINDS]; /* copies the concealed part may hold: 4 less those in melds */
    int melds;
    int need; /* sets still needed: 4 - melds */
} Hand;

/* Seven pairs and thirteen orphans read only these (no melds). */
typedef struct {
    int pairs, kinds, orphan_kinds, orphan_pairs;
} Closed;

static Closed closed_facts(const uint8_t *c) {
    Closed f = {0, 0, 0, 0};
    for (int k = 0; k < KINDS; k++) {
        if (!c[k]) continue;
        f.kinds++;
        if (c[k] >= 2) f.pairs++;
        if (is_orphan[k]) {
            f.orphan_kinds++;
            if (c[k] >= 2) f.orphan_pairs++;
        }
    }
    return f;
}

static int seven_pairs(const Closed *f) {
    return 6 - f->pairs + (f->kinds < 7 ? 7 - f->kinds : 0);
}

static int orphans(const Closed *f) {
    return 13 - f->orphan_kinds - (f->orphan_pairs > 0);
}

/* Seven pairs' and thirteen orphans' shanten after one more (step 1) or one less (step -1)
 * tile of `kind`, the lower of the two. */
static int other_forms_after(const Closed *f, int count, int kind, int step) {
    int after = count + step;
    int paired = (after >= 2) - (count >= 2);
    int held = (after >= 1) - (count >= 1);
    Closed g = *f;
    g.pairs += paired;
    g.kinds += held;
    if (is_orphan[kind]) {
        g.orphan_kinds += held;
        g.orphan_pairs += paired;
    }
    int a = seven_pairs(&g), b = orphans(&g);
    return a < b ? a : b;
}

/* A hand's four suits: their keys and distances. A discard or a draw changes one. */
typedef struct {
    uint64_t keys[4];
    Dist dist[4];
} Suits;

static void suits_of(const Hand *h, Suits *s) {
    for (int suit = 0; suit < 4; suit++) {
        s->keys[suit] = suit_key(suit, h->c, h->lim);
        suit_distance(s->keys[suit], &s->dist[suit]);
    }
}

/* `s` less (step -1) or plus (step 1) one tile of `kind`. */
static void suits_after(const Suits *s, int kind, int step, Suits *out) {
    int suit = kind / 9;
    uint64_t tile = RANK_TILE(kind - 9 * suit);
    *out = *s;
    out->keys[suit] = step > 0 ? s->keys[suit] + tile : s->keys[suit] - tile;
    suit_distance(out->keys[suit], &out->dist[suit]);
}

static int shanten_of_suits(const Hand *h, const Suits *s) {
    Dist low, high, all;
    merge(&s->dist[0], &s->dist[1], &low);
    merge(&s->dist[2], &s->dist[3], &high);
    merge(&low, &high, &all);
    int value = target(&all, &SCRATCH, h->need) - 1;
    if (h->melds == 0 && value > -1) {
        Closed f = closed_facts(h->c);
        int a = seven_pairs(&f), b = orphans(&f);
        if (a < value) value = a;
        if (b < value) value = b;
    }
    return value;
}

static int hand_shanten(const Hand *h) {
    Suits s;
    suits_of(h, &s);
    return shanten_of_suits(h, &s);
}

/* For each suit, the other three merged with SCRATCH: what a draw or discard in that suit
 * meets. */
static void rests_of(const Dist suits[4], Dist rest[4]) {
    Dist low, high, tmp;
    merge(&suits[0], &suits[1], &low);
    merge(&suits[2], &suits[3], &high);
    merge(&high, &SCRATCH, &tmp);
    merge(&suits[1], &tmp, &rest[0]);
    merge(&suits[0], &tmp, &rest[1]);
    merge(&low, &SCRATCH, &tmp);
    merge(&suits[3], &tmp, &rest[2]);
    merge(&suits[2], &tmp, &rest[3]);
}

/* The shanten after one tile more (step 1) or less (step -1) of each kind, `s` the hand's
 * suits and `rest` their rests_of: NO_TILE where there is no such tile to draw (every copy
 * held) or to discard (none held). */
static void after_each(const Hand *h, const Suits *s, const Dist rest[4], int step,
                       int out[KINDS]) {
    const uint64_t *keys = s->keys;
    Closed f = {0, 0, 0, 0};
    if (h->melds == 0) f = closed_facts(h->c);
    const Dist *drawn = NULL; /* the suit's distances after each draw (step 1) */
    Lanes partner = INF_LANES; /* the suit's rest, as `partners` */
    for (int k = 0; k < KINDS; k++) {
        int suit = k / 9, rank = k - 9 * suit;
        if (rank == 0) {
            if (step > 0) drawn = suit_draws(keys[suit], suit == 3 ? 7 : 9);
            partner = partners(&rest[suit], h->need);
        }
        int count = h->c[k];
        if (step > 0 ? count >= h->lim[k] : count == 0) {
            out[k] = NO_TILE;
            continue;
        }
        Dist less;
        const Dist *changed = &less;
        if (step > 0) {
            changed = &drawn[rank];
        } else {
            suit_distance(keys[suit] - RANK_TILE(rank), &less);
        }
        int value = paired(changed, partner) - 1;
        if (h->melds == 0 && value > -1) {
            int other = other_forms_after(&f, count, k, step);
            if (other < value) value = other;
        }
        out[k] = value;
    }
}

/* ------------------------------------------------------------------ Python */

/* Reads 34 counts from a bytes object, each at most 4. */
static int read_counts(PyObject *obj, const char *name, uint8_t *out) {
    if (!PyBytes_Check(obj) || PyBytes_GET_SIZE(obj) != KINDS) {
        PyErr_Format(PyExc_ValueError, "%s: 34 counts as bytes expected", name);
        return -1;
    }
    const unsigned char *raw = (const unsigned char *)PyBytes_AS_STRING(obj);
    for (int k = 0; k < KINDS; k++) {
        if (raw[k] > 4) {
            PyErr_Format(PyExc_ValueError, "%s: %d copies of kind %d", name, raw[k], k);
            return -1;
        }
        out[k] = raw[k];
    }
    return 0;
}

/* The hand of the arguments (closed: bytes, held: bytes, melds: int). */
static int read_hand(PyObject *closed, PyObject *held, int melds, Hand *h) {
    uint8_t all[KINDS];
    if (read_counts(closed, "closed", h->c) < 0 || read_counts(held, "held", all) < 0) return -1;
    if (melds < 0 || melds > 4) {
        PyErr_Format(PyExc_ValueError, "melds: %d (0-4)", melds);
        return -1;
    }
    for (int k = 0; k < KINDS; k++) {
        if (all[k] < h->c[k]) {
            PyErr_Format(PyExc_ValueError, "held: fewer copies of kind %d than closed", k);
            return -1;
        }
        h->lim[k] = (uint8_t)(4 - (all[k] - h->c[k]));
    }
    h->melds = melds;
    h->need = 4 - melds;
    return 0;
}

/* The kinds whose draw lowers the hand's shanten below `current`, as a tuple; their unseen
 * copies (4 - seen) added to *count when `seen` is given. */
/* n ints as a tuple. */
static PyObject *int_tuple(const int *values, int n) {
    PyObject *out = PyTuple_New(n);
    if (!out) return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *value = PyLong_FromLong(values[i]);
        if (!value) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, i, value);
    }
    return out;
}

/* The kinds whose draw lowers the hand's shanten below `current`, bit k for kind k. */
static uint64_t improving_bits(const Hand *h, const Suits *s, const Dist rest[4], int current) {
    int after[KINDS];
    uint64_t bits = 0;
    after_each(h, s, rest, 1, after);
    for (int k = 0; k < KINDS; k++) {
        if (after[k] < current) bits |= 1ULL << k;
    }
    return bits;
}

/* The kinds of `bits` as a tuple; their unseen copies (4 - seen) added to *count when `seen`
 * is given. */
static PyObject *bits_tuple(uint64_t bits, const uint8_t *seen, long *count) {
    int kinds[KINDS], n = 0;
    for (int k = 0; k < KINDS; k++) {
        if (bits >> k & 1) {
            kinds[n++] = k;
            if (seen) *count += 4 - seen[k];
        }
    }
    return int_tuple(kinds, n);
}

/* The improving kinds of the 13 tiles a discard leaves, by the suits' keys (each rank's
 * count and limit) and the melds: a direct-mapped memo. A hand that discards the tile it
 * drew leaves the hand its turn before left, whose figures that turn worked out; a
 * collision only works them out again. (An empty slot's keys are all zero; a hand's
 * honours key never is.) */
#define LEFT_BITS 12
typedef struct {
    uint64_t keys[4];
    int melds;
    uint64_t bits;
} LeftSlot;
static LeftSlot left[1 << LEFT_BITS];

static LeftSlot *left_slot(const uint64_t keys[4], int melds) {
    uint64_t mix = (keys[0] * 31 + keys[1]) * 31 + keys[2];
    mix = (mix * 31 + keys[3]) * 31 + (uint64_t)melds;
    return &left[(mix * 0x9E3779B97F4A7C15ULL) >> (64 - LEFT_BITS)];
}

/* The hand of the arguments (closed, held, melds). */
static int parse_hand(PyObject *args, Hand *h) {
    PyObject *closed, *held;
    int melds;
    if (!PyArg_ParseTuple(args, "SSi", &closed, &held, &melds)) return -1;
    return read_hand(closed, held, melds, h);
}

static PyObject *py_shanten(PyObject *self, PyObject *args) {
    Hand h;
    if (parse_hand(args, &h) < 0) return NULL;
    return PyLong_FromLong(hand_shanten(&h));
}

static PyObject *py_improving(PyObject *self, PyObject *args) {
    PyObject *closed, *held;
    int melds, current;
    Hand h;
    if (!PyArg_ParseTuple(args, "SSii", &closed, &held, &melds, &current)) return NULL;
    if (read_hand(closed, held, melds, &h) < 0) return NULL;
    Suits s;
    Dist rest[4];
    suits_of(&h, &s);
    rests_of(s.dist, rest);
    return bits_tuple(improving_bits(&h, &s, rest, current), NULL, NULL);
}

static PyObject *py_after_discards(PyObject *self, PyObject *args) {
    Hand h;
    if (parse_hand(args, &h) < 0) return NULL;
    int after[KINDS];
    Suits s;
    Dist rest[4];
    suits_of(&h, &s);
    rests_of(s.dist, rest);
    after_each(&h, &s, rest, -1, after);
    return int_tuple(after, KINDS);
}

/* figures(closed, held, melds, seen, also) -> (shanten before, [(kind, shanten, kinds, count)])
 * for the discards of 14 tiles at the lowest shanten and for `also` (-1: none), best first
 * (lowest shanten, then most copies not seen, then kind order): the shanten after
 * discarding it, the kinds that then improve the hand and their copies not seen. */
static PyObject *py_figures(PyObject *self, PyObject *args) {
    PyObject *closed, *held, *seen_obj;
    int melds, also;
    Hand h;
    uint8_t seen[KINDS];
    if (!PyArg_ParseTuple(args, "SSiSi", &closed, &held, &melds, &seen_obj, &also)) return NULL;
    if (read_hand(closed, held, melds, &h) < 0 || read_counts(seen_obj, "seen", seen) < 0)
        return NULL;
    Suits whole;
    suits_of(&h, &whole);
    int before = shanten_of_suits(&h, &whole);
    /* each pair of suits merged with SCRATCH, and each suit's rest: a discard in suit A
     * leaves A's rest as it was, and another suit's rest is the new A beside a pair */
    Dist pairs[4][4], rest[4];
    for (int a = 0; a < 4; a++) {
        for (int b = a + 1; b < 4; b++) {
            Dist two;
            merge(&whole.dist[a], &whole.dist[b], &two);
            merge(&two, &SCRATCH, &pairs[a][b]);
            pairs[b][a] = pairs[a][b];
        }
    }
    for (int a = 0; a < 4; a++) {
        int b = (a + 1) % 4, c = (a + 2) % 4, d = (a + 3) % 4;
        merge(&whole.dist[b], &pairs[c][d], &rest[a]);
    }
    int after[KINDS];
    after_each(&h, &whole, rest, -1, after);
    int lowest = INF;
    for (int k = 0; k < KINDS; k++) {
        if (h.c[k] && after[k] < lowest) lowest = after[k];
    }
    /* the figures of the discards weighed (at most 14 kinds), put best first */
    int order[KINDS], n = 0;
    long counts[KINDS];
    PyObject *improving[KINDS];
    for (int k = 0; k < KINDS; k++) {
        if (!h.c[k] || (after[k] != lowest && k != also)) continue;
        long count = 0;
        int a = k / 9;
        uint64_t keys[4];
        memcpy(keys, whole.keys, sizeof keys);
        keys[a] -= RANK_TILE(k - 9 * a);
        LeftSlot *slot = left_slot(keys, h.melds);
        if (slot->melds != h.melds || memcmp(slot->keys, keys, sizeof keys) != 0) {
            Suits less;
            Dist rest_less[4];
            suits_after(&whole, k, -1, &less);
            for (int t = 0; t < 4; t++) {
                if (t == a) {
                    rest_less[t] = rest[t];
                    continue;
                }
                int u = 0;
                while (u == a || u == t) u++;
                int v = u + 1;
                while (v == a || v == t) v++;
                merge(&less.dist[a], &pairs[u][v], &rest_less[t]);
            }
            h.c[k]--;
            slot->bits = improving_bits(&h, &less, rest_less, after[k]);
            h.c[k]++;
            memcpy(slot->keys, keys, sizeof keys);
            slot->melds = h.melds;
        }
        PyObject *kinds = bits_tuple(slot->bits, seen, &count);
        if (!kinds) {
            for (int i = 0; i < n; i++) Py_DECREF(improving[order[i]]);
            return NULL;
        }
        improving[k] = kinds;
        counts[k] = count;
        /* insertion into the kinds so far (kind order breaks ties: k is the largest yet) */
        int at = n++;
        while (at > 0 && (after[order[at - 1]] > after[k] ||
                          (after[order[at - 1]] == after[k] && counts[order[at - 1]] < count))) {
            order[at] = order[at - 1];
            at--;
        }
        order[at] = k;
    }
    PyObject *list = PyList_New(n);
    if (!list) {
        for (int i = 0; i < n; i++) Py_DECREF(improving[order[i]]);
        return NULL;
    }
    for (int i = 0; i < n; i++) {
        int k = order[i];
        /* "N" hands the tuple over: the item owns it now, or it is released on failure */
        PyObject *item = Py_BuildValue("(iiNl)", k, after[k], improving[k], counts[k]);
        if (!item) {
            for (int j = i + 1; j < n; j++) Py_DECREF(improving[order[j]]);
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, i, item);
    }
    return Py_BuildValue("(iN)", before, list);
}

/* tally(codes, base) -> bytes: the 34 counts of `base` (None: zeros) plus one for the kind of
 * each tile code (agari.tiles.tile_code: kind * 2 + 1, a red five kind * 2). */
static PyObject *py_tally(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    /* the fast calling convention: asked several times at every decision of a review */
    if (nargs != 2) {
        PyErr_Format(PyExc_TypeError, "tally() takes 2 arguments (%zd given)", nargs);
        return NULL;
    }
    PyObject *codes = args[0], *base = args[1];
    if (!PyList_Check(codes)) {
        PyErr_SetString(PyExc_TypeError, "tally(): codes must be a list");
        return NULL;
    }
    uint8_t out[KINDS] = {0};
    if (base != Py_None && read_counts(base, "base", out) < 0) return NULL;
    Py_ssize_t n = PyList_GET_SIZE(codes);
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = PyList_GET_ITEM(codes, i);
        /* ints only: another type's __index__ would run Python code, which could change
         * the list under this loop */
        if (!PyLong_Check(item)) {
            PyErr_Format(PyExc_TypeError, "codes: %.100s is no tile code", Py_TYPE(item)->tp_name);
            return NULL;
        }
        long code = PyLong_AsLong(item);
        if (code == -1 && PyErr_Occurred()) return NULL;
        if (code < 0 || code >= 2 * KINDS) {
            PyErr_Format(PyExc_ValueError, "codes: %ld is no tile code", code);
            return NULL;
        }
        if (out[code >> 1] >= 4) {
            PyErr_Format(PyExc_ValueError, "codes: a fifth copy of kind %ld", code >> 1);
            return NULL;
        }
        out[code >> 1]++;
    }
    return PyBytes_FromStringAndSize((const char *)out, KINDS);
}

static PyObject *py_forget(PyObject *self, PyObject *unused) {
    memset(cache, 0, sizeof cache);
    memset(draws, 0, sizeof draws);
    memset(left, 0, sizeof left);
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"forget", py_forget, METH_NOARGS,
     "forget() -> None: empty the memos of suits' distances (what a fresh process starts with)."},
    {"shanten", py_shanten, METH_VARARGS,
     "shanten(closed, held, melds) -> int: the shanten of concealed counts (34 bytes) beside "
     "melds called melds, held the copies in hand and melds."},
    {"improving", py_improving, METH_VARARGS,
     "improving(closed, held, melds, current) -> tuple: the kinds whose draw lowers the "
     "shanten below current."},
    {"after_discards", py_after_discards, METH_VARARGS,
     "after_discards(closed, held, melds) -> tuple: the shanten after discarding each kind "
     "(9 for a kind not held)."},
    {"tally", (PyCFunction)(void (*)(void))py_tally, METH_FASTCALL,
     "tally(codes, base) -> bytes: 34 counts, base's (None: zeros) plus one for the kind of "
     "each tile code in the list codes."},
    {"figures", py_figures, METH_VARARGS,
     "figures(closed, held, melds, seen, also) -> (before, [(kind, shanten, kinds, count)]): "
     "every discard of 14 tiles with its figures."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_acceptance",
    "The tile-efficiency figures of the analysis of play, in C.", -1,
    methods,
};

PyMODINIT_FUNC PyInit__acceptance(void) {
    for (int i = 0; i < 13; i++) is_orphan[ORPHANS[i]] = 1;
    init_lanes();
    return PyModule_Create(&module);
}
