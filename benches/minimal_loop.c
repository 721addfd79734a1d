/* The minimal C loop that `cargo bench --bench versus_c` sets the simulator against: one
 * player over the simulator's own 16-bit transition table (each entry the next state as a
 * pre-multiplied row offset, its low bit the lost-turn flag, 0xFFFF the finish), the same
 * generator (xoshiro256++ seeded by SplitMix64) and the same bounded draws (Lemire's
 * multiply-and-reject), so that it plays the very same games; only the total of turns is kept.
 *
 * usage: minimal_loop TABLE START CARDS GAMES SEED iid|shuffled
 * prints: TOTAL_TURNS CPU_SECONDS (the loop's own thread time, the table's loading left out) */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static uint64_t s[4];

static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static inline uint64_t next64(void) {
    const uint64_t result = rotl(s[0] + s[3], 23) + s[0];
    const uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

static inline uint32_t next32(void) { return (uint32_t)(next64() >> 32); }

static void seed(uint64_t x) {
    for (int i = 0; i < 4; i++) {
        uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        s[i] = z ^ (z >> 31);
    }
}

static inline uint32_t uniform64(uint64_t bound) {
    unsigned __int128 m = (unsigned __int128)next64() * bound;
    if ((uint64_t)m < bound) {
        uint64_t threshold = (0 - bound) % bound;
        while ((uint64_t)m < threshold) m = (unsigned __int128)next64() * bound;
    }
    return (uint32_t)(m >> 64);
}

static inline uint32_t uniform32(uint32_t bound) {
    uint64_t m = (uint64_t)next32() * bound;
    if ((uint32_t)m < bound) {
        uint32_t threshold = (0 - bound) % bound;
        while ((uint32_t)m < threshold) m = (uint64_t)next32() * bound;
    }
    return (uint32_t)(m >> 32);
}

static uint64_t iid(const uint16_t *table, uint32_t start, uint32_t cards, uint64_t games) {
    uint64_t total = 0;
    for (uint64_t g = 0; g < games; g++) {
        uint32_t state = start;
        for (;;) {
            total++;
            uint32_t row = state >> 1;
            uint16_t next = (state & 1) == 0 ? table[row + uniform64(cards)] : table[row];
            if (next == 0xFFFF) break;
            state = next;
        }
    }
    return total;
}

static uint64_t shuffled(const uint16_t *table, uint32_t start, uint32_t cards, uint64_t games) {
    uint32_t *deck = malloc(sizeof(uint32_t) * cards);
    for (uint32_t i = 0; i < cards; i++) deck[i] = i;
    uint64_t total = 0;
    for (uint64_t g = 0; g < games; g++) {
        uint32_t state = start, remaining = cards;
        for (;;) {
            total++;
            uint32_t row = state >> 1;
            uint16_t next;
            if ((state & 1) == 0) {
                if (remaining == 0) remaining = cards;
                uint32_t j = uniform32(remaining);
                remaining--;
                uint32_t card = deck[j];
                deck[j] = deck[remaining];
                deck[remaining] = card;
                next = table[row + card];
            } else {
                next = table[row];
            }
            if (next == 0xFFFF) break;
            state = next;
        }
    }
    free(deck);
    return total;
}

static double cpu(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    if (argc != 7) {
        fprintf(stderr, "usage: %s TABLE START CARDS GAMES SEED iid|shuffled\n", argv[0]);
        return 2;
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f) return 2;
    fseek(f, 0, SEEK_END);
    long bytes = ftell(f);
    fseek(f, 0, SEEK_SET);
    uint16_t *table = malloc(bytes);
    if (fread(table, 1, bytes, f) != (size_t)bytes) return 2;
    fclose(f);
    uint32_t start = strtoul(argv[2], 0, 10), cards = strtoul(argv[3], 0, 10);
    uint64_t games = strtoull(argv[4], 0, 10);
    seed(strtoull(argv[5], 0, 10));
    double began = cpu();
    uint64_t total = strcmp(argv[6], "iid") == 0 ? iid(table, start, cards, games)
                                                  : shuffled(table, start, cards, games);
    printf("%llu %.6f\n", (unsigned long long)total, cpu() - began);
    return 0;
}
