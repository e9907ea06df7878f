/* SHAKE-128 (FIPS 202) of a short message, read as a big-endian integer, and the shuffle it drives: the deal
   randomness of bowers.

   A game draws its deals from SHAKE-128 of a short text, and shuffles the deck by a Fisher-Yates walk whose
   swaps are the digits of that number.  hashlib computes the same digest through OpenSSL, whose set-up around
   a single Keccak permutation costs several times the permutation itself, and the walk in Python moves each
   card through the interpreter; this module does both directly.  It is optional: without it bowers uses
   hashlib and its own Python walk (bowers.game, the reference), and the tests check that both agree. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define RATE 168 /* bytes absorbed or squeezed per permutation: 1600 bits less twice the 128-bit security */

static const uint64_t ROUND_CONSTANTS[24] = {
    0x0000000000000001ULL, 0x0000000000008082ULL, 0x800000000000808aULL, 0x8000000080008000ULL,
    0x000000000000808bULL, 0x0000000080000001ULL, 0x8000000080008081ULL, 0x8000000000008009ULL,
    0x000000000000008aULL, 0x0000000000000088ULL, 0x0000000080008009ULL, 0x000000008000000aULL,
    0x000000008000808bULL, 0x800000000000008bULL, 0x8000000000008089ULL, 0x8000000000008003ULL,
    0x8000000000008002ULL, 0x8000000000000080ULL, 0x000000000000800aULL, 0x800000008000000aULL,
    0x8000000080008081ULL, 0x8000000000008080ULL, 0x0000000080000001ULL, 0x8000000080008008ULL,
};

/* In keccak_permute, lane x + 5y is rotated left in the rho step by 0, 1, 62, 28, 27 (y = 0), 36, 44, 6, 55, 20,
   3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14 (y = 4). */
static inline uint64_t rotate_left(uint64_t lane, unsigned by) {
    return by == 0 ? lane : (lane << by) | (lane >> (64 - by));
}

/* With gcc on x86-64 the permutation is also compiled for processors with BMI and AVX2 (x86-64-v3: and-not and
   rotate without a copy), and the loader picks the variant the processor runs; elsewhere it is compiled once. */
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 11 && defined(__x86_64__) && defined(__linux__)
#define PROCESSOR_VARIANTS __attribute__((target_clones("default", "arch=x86-64-v3")))
#else
#define PROCESSOR_VARIANTS
#endif

/* Keccak-f[1600]: 24 rounds of theta, rho and pi, chi, iota on 25 lanes indexed x + 5y, every step written out
   so that the lanes stay in registers. */
PROCESSOR_VARIANTS static void keccak_permute(uint64_t state[25]) {
    uint64_t a0 = state[0], a1 = state[1], a2 = state[2], a3 = state[3], a4 = state[4], a5 = state[5], a6 = state[6], a7 = state[7], a8 = state[8], a9 = state[9], a10 = state[10], a11 = state[11], a12 = state[12], a13 = state[13], a14 = state[14], a15 = state[15], a16 = state[16], a17 = state[17], a18 = state[18], a19 = state[19], a20 = state[20], a21 = state[21], a22 = state[22], a23 = state[23], a24 = state[24];
    for (int round = 0; round < 24; round++) {
        uint64_t c0 = a0 ^ a5 ^ a10 ^ a15 ^ a20;
        uint64_t c1 = a1 ^ a6 ^ a11 ^ a16 ^ a21;
        uint64_t c2 = a2 ^ a7 ^ a12 ^ a17 ^ a22;
        uint64_t c3 = a3 ^ a8 ^ a13 ^ a18 ^ a23;
        uint64_t c4 = a4 ^ a9 ^ a14 ^ a19 ^ a24;
        uint64_t d0 = c4 ^ rotate_left(c1, 1);
        uint64_t d1 = c0 ^ rotate_left(c2, 1);
        uint64_t d2 = c1 ^ rotate_left(c3, 1);
        uint64_t d3 = c2 ^ rotate_left(c4, 1);
        uint64_t d4 = c3 ^ rotate_left(c0, 1);
        uint64_t b0 = rotate_left(a0 ^ d0, 0);
        uint64_t b1 = rotate_left(a6 ^ d1, 44);
        uint64_t b2 = rotate_left(a12 ^ d2, 43);
        uint64_t b3 = rotate_left(a18 ^ d3, 21);
        uint64_t b4 = rotate_left(a24 ^ d4, 14);
        uint64_t b5 = rotate_left(a3 ^ d3, 28);
        uint64_t b6 = rotate_left(a9 ^ d4, 20);
        uint64_t b7 = rotate_left(a10 ^ d0, 3);
        uint64_t b8 = rotate_left(a16 ^ d1, 45);
        uint64_t b9 = rotate_left(a22 ^ d2, 61);
        uint64_t b10 = rotate_left(a1 ^ d1, 1);
        uint64_t b11 = rotate_left(a7 ^ d2, 6);
        uint64_t b12 = rotate_left(a13 ^ d3, 25);
        uint64_t b13 = rotate_left(a19 ^ d4, 8);
        uint64_t b14 = rotate_left(a20 ^ d0, 18);
        uint64_t b15 = rotate_left(a4 ^ d4, 27);
        uint64_t b16 = rotate_left(a5 ^ d0, 36);
        uint64_t b17 = rotate_left(a11 ^ d1, 10);
        uint64_t b18 = rotate_left(a17 ^ d2, 15);
        uint64_t b19 = rotate_left(a23 ^ d3, 56);
        uint64_t b20 = rotate_left(a2 ^ d2, 62);
        uint64_t b21 = rotate_left(a8 ^ d3, 55);
        uint64_t b22 = rotate_left(a14 ^ d4, 39);
        uint64_t b23 = rotate_left(a15 ^ d0, 41);
        uint64_t b24 = rotate_left(a21 ^ d1, 2);
        a0 = b0 ^ (~b1 & b2);
        a1 = b1 ^ (~b2 & b3);
        a2 = b2 ^ (~b3 & b4);
        a3 = b3 ^ (~b4 & b0);
        a4 = b4 ^ (~b0 & b1);
        a5 = b5 ^ (~b6 & b7);
        a6 = b6 ^ (~b7 & b8);
        a7 = b7 ^ (~b8 & b9);
        a8 = b8 ^ (~b9 & b5);
        a9 = b9 ^ (~b5 & b6);
        a10 = b10 ^ (~b11 & b12);
        a11 = b11 ^ (~b12 & b13);
        a12 = b12 ^ (~b13 & b14);
        a13 = b13 ^ (~b14 & b10);
        a14 = b14 ^ (~b10 & b11);
        a15 = b15 ^ (~b16 & b17);
        a16 = b16 ^ (~b17 & b18);
        a17 = b17 ^ (~b18 & b19);
        a18 = b18 ^ (~b19 & b15);
        a19 = b19 ^ (~b15 & b16);
        a20 = b20 ^ (~b21 & b22);
        a21 = b21 ^ (~b22 & b23);
        a22 = b22 ^ (~b23 & b24);
        a23 = b23 ^ (~b24 & b20);
        a24 = b24 ^ (~b20 & b21);
        a0 ^= ROUND_CONSTANTS[round];
    }
    state[0] = a0;
    state[1] = a1;
    state[2] = a2;
    state[3] = a3;
    state[4] = a4;
    state[5] = a5;
    state[6] = a6;
    state[7] = a7;
    state[8] = a8;
    state[9] = a9;
    state[10] = a10;
    state[11] = a11;
    state[12] = a12;
    state[13] = a13;
    state[14] = a14;
    state[15] = a15;
    state[16] = a16;
    state[17] = a17;
    state[18] = a18;
    state[19] = a19;
    state[20] = a20;
    state[21] = a21;
    state[22] = a22;
    state[23] = a23;
    state[24] = a24;
}

static void xor_byte(uint64_t state[25], size_t position, uint8_t byte) {
    state[position / 8] ^= (uint64_t)byte << (8 * (position % 8));
}

static uint8_t read_byte(const uint64_t state[25], size_t position) {
    return (uint8_t)(state[position / 8] >> (8 * (position % 8)));
}

/* SHAKE-128 of message into output (output_length bytes). */
static void shake128(const uint8_t *message, size_t message_length, uint8_t *output, size_t output_length) {
    uint64_t state[25];
    memset(state, 0, sizeof state);
    size_t at = 0;
    for (size_t i = 0; i < message_length; i++) {
        xor_byte(state, at++, message[i]);
        if (at == RATE) {
            keccak_permute(state);
            at = 0;
        }
    }
    xor_byte(state, at, 0x1F); /* the SHAKE domain bits and the first bit of the padding */
    xor_byte(state, RATE - 1, 0x80);
    keccak_permute(state);
    at = 0;
    for (size_t i = 0; i < output_length; i++) {
        if (at == RATE) {
            keccak_permute(state);
            at = 0;
        }
        output[i] = read_byte(state, at++);
    }
}

#define MAX_OUTPUT 4096

/* The two arguments every function here takes: the message (bytes) and the output length in bytes. */
static int read_arguments(PyObject *const *args, const char *name, const uint8_t **message, Py_ssize_t *message_length,
                          Py_ssize_t *length) {
    if (!PyBytes_Check(args[0])) {
        PyErr_Format(PyExc_TypeError, "%s: the message must be bytes", name);
        return -1;
    }
    *length = PyLong_AsSsize_t(args[1]);
    if (*length == -1 && PyErr_Occurred())
        return -1;
    if (*length < 1 || *length > MAX_OUTPUT) {
        PyErr_Format(PyExc_ValueError, "%s: the output length must be 1 to %d bytes", name, MAX_OUTPUT);
        return -1;
    }
    *message = (const uint8_t *)PyBytes_AS_STRING(args[0]);
    *message_length = PyBytes_GET_SIZE(args[0]);
    return 0;
}

/* shake128_int(data, length): SHAKE-128 of the bytes ``data``, ``length`` bytes of output read big-endian. */
static PyObject *shake128_int(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "shake128_int takes the message (bytes) and the output length in bytes");
        return NULL;
    }
    const uint8_t *message;
    Py_ssize_t message_length, length;
    if (read_arguments(args, "shake128_int", &message, &message_length, &length) < 0)
        return NULL;
    uint8_t output[MAX_OUTPUT];
    shake128(message, (size_t)message_length, output, (size_t)length);
    return _PyLong_FromByteArray(output, (size_t)length, 0 /* big-endian */, 0 /* unsigned */);
}

/* The Fisher-Yates walk of a deck of ``size`` cards by the number shake128_int(digest bytes): partner[i] is the
   position that position i swaps with, for i from size - 1 down to 1, in that order.

   The same walk as bowers.game's reference: the swap partner of i is the next digit of the number in the mixed
   radix (size, size - 1, ..., 2), least significant first.  The digits are read a chunk of radices at a time (one
   long division per chunk, whose product fits 60 bits), which gives the same digits as dividing by one radix after
   another. */
static void swap_partners(const uint8_t *digest, size_t length, Py_ssize_t size, Py_ssize_t *partner) {
    /* The number as 64-bit limbs, most significant first. */
    uint64_t number[MAX_OUTPUT / 8];
    size_t limbs = (length + 7) / 8;
    memset(number, 0, sizeof(uint64_t) * limbs);
    size_t skip = limbs * 8 - length; /* leading zero bytes of the first limb */
    for (size_t i = 0; i < length; i++) {
        size_t position = skip + i;
        number[position / 8] |= (uint64_t)digest[i] << (8 * (7 - position % 8));
    }
    size_t first = 0; /* the first limb that may be nonzero */
    const uint64_t word = (uint64_t)1 << 60;
    Py_ssize_t i = size - 1;
    while (i > 0) {
        uint64_t product = 1;
        Py_ssize_t end = i;
        while (end > 0 && (unsigned __int128)product * (uint64_t)(end + 1) < word) {
            product *= (uint64_t)(end + 1);
            end--;
        }
        unsigned __int128 remainder = 0;
        while (first < limbs && number[first] == 0)
            first++;
        for (size_t k = first; k < limbs; k++) {
            unsigned __int128 current = (remainder << 64) | number[k];
            number[k] = (uint64_t)(current / product);
            remainder = current % product;
        }
        uint64_t digits = (uint64_t)remainder;
        for (Py_ssize_t position = i; position > end; position--) {
            uint64_t radix = (uint64_t)position + 1;
            partner[position] = (Py_ssize_t)(digits % radix);
            digits /= radix;
        }
        i = end;
    }
}

#define MAX_CARDS 4096

/* shuffle(cards, data, length): shuffle the list ``cards`` in place by the number shake128_int(data, length). */
static PyObject *shuffle(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "shuffle takes the cards (a list), the message (bytes) and the length in bytes");
        return NULL;
    }
    PyObject *cards = args[0];
    if (!PyList_CheckExact(cards)) {
        PyErr_SetString(PyExc_TypeError, "shuffle: the cards must be a list");
        return NULL;
    }
    const uint8_t *message;
    Py_ssize_t message_length, length;
    if (read_arguments(args + 1, "shuffle", &message, &message_length, &length) < 0)
        return NULL;
    Py_ssize_t size = PyList_GET_SIZE(cards);
    if (size > MAX_CARDS) {
        PyErr_SetString(PyExc_ValueError, "shuffle: at most 4096 cards");
        return NULL;
    }
    uint8_t digest[MAX_OUTPUT];
    shake128(message, (size_t)message_length, digest, (size_t)length);
    Py_ssize_t partner[MAX_CARDS];
    swap_partners(digest, (size_t)length, size, partner);
    PyObject **items = ((PyListObject *)cards)->ob_item;
    for (Py_ssize_t position = size - 1; position > 0; position--) {
        PyObject *card = items[position];
        items[position] = items[partner[position]];
        items[partner[position]] = card;
    }
    Py_RETURN_NONE;
}

/* The UTF-8 text of ``bowers:<seed>:<label>`` (what bowers.game.hash_message hashes) into ``buffer``; its length,
   or -1 with an exception set. */
static Py_ssize_t draw_message(PyObject *seed, const char *label, char *buffer, size_t room) {
    PyObject *text = PyObject_Str(seed);
    if (text == NULL)
        return -1;
    Py_ssize_t digits;
    const char *seed_text = PyUnicode_AsUTF8AndSize(text, &digits);
    if (seed_text == NULL) {
        Py_DECREF(text);
        return -1;
    }
    int written = snprintf(buffer, room, "bowers:%s:%s", seed_text, label);
    Py_DECREF(text);
    if (written < 0 || (size_t)written >= room) {
        PyErr_SetString(PyExc_ValueError, "deal_rows: a seed too long to hash");
        return -1;
    }
    return written;
}

/* deal_rows(seeds, numbers, size, length, players): each seed's deck of ``size`` cards (deck indices 0..size-1)
   shuffled for its deal ``numbers[i]``, as ``shuffle(list(range(size)), hash_message(seed, f"deal:{number}"),
   length)`` would, as one bytes object of len(seeds) * size; and, when ``players`` > 0, the list of each seed's first
   dealer, ``shake128_int(hash_message(seed, "first-dealer"), 8) % players`` (else None).  Many deals in one call:
   bowers.vector deals thousands of lanes a step. */
static PyObject *deal_rows(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "deal_rows takes the seeds, the deal numbers (lists), the deck size, the length in bytes and the players");
        return NULL;
    }
    PyObject *seeds = args[0], *numbers = args[1];
    if (!PyList_CheckExact(seeds) || !PyList_CheckExact(numbers) || PyList_GET_SIZE(seeds) != PyList_GET_SIZE(numbers)) {
        PyErr_SetString(PyExc_TypeError, "deal_rows: the seeds and the deal numbers must be lists of one length");
        return NULL;
    }
    Py_ssize_t size = PyLong_AsSsize_t(args[2]);
    Py_ssize_t length = PyLong_AsSsize_t(args[3]);
    Py_ssize_t players = PyLong_AsSsize_t(args[4]);
    if (PyErr_Occurred())
        return NULL;
    if (size < 1 || size > 256 || length < 1 || length > MAX_OUTPUT || players < 0) {
        PyErr_SetString(PyExc_ValueError, "deal_rows: 1 to 256 cards, 1 to 4096 bytes, and a number of players");
        return NULL;
    }
    Py_ssize_t count = PyList_GET_SIZE(seeds);
    PyObject *rows = PyBytes_FromStringAndSize(NULL, count * size);
    if (rows == NULL)
        return NULL;
    PyObject *dealers = players > 0 ? PyList_New(count) : Py_NewRef(Py_None);
    if (dealers == NULL) {
        Py_DECREF(rows);
        return NULL;
    }
    uint8_t *out = (uint8_t *)PyBytes_AS_STRING(rows);
    char message[512];
    char label[64];
    uint8_t digest[MAX_OUTPUT];
    Py_ssize_t partner[256];
    for (Py_ssize_t lane = 0; lane < count; lane++) {
        PyObject *seed = PyList_GET_ITEM(seeds, lane);
        long number = PyLong_AsLong(PyList_GET_ITEM(numbers, lane));
        if (number == -1 && PyErr_Occurred())
            goto failed;
        snprintf(label, sizeof label, "deal:%ld", number);
        Py_ssize_t written = draw_message(seed, label, message, sizeof message);
        if (written < 0)
            goto failed;
        shake128((const uint8_t *)message, (size_t)written, digest, (size_t)length);
        swap_partners(digest, (size_t)length, size, partner);
        uint8_t *row = out + lane * size;
        for (Py_ssize_t card = 0; card < size; card++)
            row[card] = (uint8_t)card;
        for (Py_ssize_t position = size - 1; position > 0; position--) {
            uint8_t card = row[position];
            row[position] = row[partner[position]];
            row[partner[position]] = card;
        }
        if (players > 0) {
            written = draw_message(seed, "first-dealer", message, sizeof message);
            if (written < 0)
                goto failed;
            uint8_t draw[8];
            shake128((const uint8_t *)message, (size_t)written, draw, 8);
            uint64_t value = 0;
            for (int k = 0; k < 8; k++)
                value = (value << 8) | draw[k];
            PyObject *dealer = PyLong_FromUnsignedLongLong(value % (uint64_t)players);
            if (dealer == NULL)
                goto failed;
            PyList_SET_ITEM(dealers, lane, dealer);
        }
    }
    return Py_BuildValue("(NN)", rows, dealers);
failed:
    Py_DECREF(rows);
    Py_DECREF(dealers);
    return NULL;
}

static PyMethodDef methods[] = {
    {"shake128_int", (PyCFunction)(void (*)(void))shake128_int, METH_FASTCALL,
     "shake128_int(data, length) -> int: SHAKE-128 of data, length bytes of output read as a big-endian integer."},
    {"shuffle", (PyCFunction)(void (*)(void))shuffle, METH_FASTCALL,
     "shuffle(cards, data, length) -> None: shuffle a list in place by the number shake128_int(data, length)."},
    {"deal_rows", (PyCFunction)(void (*)(void))deal_rows, METH_FASTCALL,
     "deal_rows(seeds, numbers, size, length, players) -> (bytes, list | None): many seeds' shuffled decks and first dealers."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_definition = {
    PyModuleDef_HEAD_INIT, "_shake", "SHAKE-128 of a short message, and the shuffle it drives: the deal randomness of bowers.", -1, methods,
};

PyMODINIT_FUNC PyInit__shake(void) { return PyModule_Create(&module_definition); }
