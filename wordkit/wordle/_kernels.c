/* Compiled partition statistics for the exact search (wordkit.wordle.partitions).

   split_stats(matrix_t, subset, rows, patterns, buckets, squares, largest) fills, for each
   guess row, the number of distinct feedback patterns the subset of answers gets under it,
   the sum of its bucket sizes squared and its largest bucket, in one pass over the
   answer-major pattern matrix. numpy needs a (rows x patterns) bincount and several passes
   for the same figures; this is the hot loop of the search. Built as an optional extension:
   without it, partitions.py computes the same figures with numpy. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

/* Counters of a block of rows stay within ~64 KB (L2) whatever the number of patterns. */
#define COUNTER_BYTES 65536

static int
get_buffer(PyObject *obj, Py_buffer *view, int writable)
{
    int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (writable ? PyBUF_WRITABLE : 0);
    return PyObject_GetBuffer(obj, view, flags);
}

static int
is_int64(const Py_buffer *view)
{
    return view->itemsize == 8 && view->format != NULL &&
           (strcmp(view->format, "q") == 0 || strcmp(view->format, "l") == 0 ||
            strcmp(view->format, "<q") == 0 || strcmp(view->format, "<l") == 0 ||
            strcmp(view->format, "=q") == 0 || strcmp(view->format, "=l") == 0);
}

/* One block of rows at a time: count each answer's pattern under every row of the block,
   then read each row's buckets off its counters and clear them. With few answers the
   counters touched are found again through the answers (a bucket is read once: its counter
   is cleared when first met); with many, every counter of the row is scanned. */
#define STATS_LOOP(T)                                                                         \
    do {                                                                                      \
        const T *m = (const T *)mt;                                                           \
        for (Py_ssize_t b0 = 0; b0 < nrows; b0 += block) {                                    \
            Py_ssize_t bn = nrows - b0 < block ? nrows - b0 : block;                          \
            const int64_t *rb = rows + b0;                                                    \
            for (Py_ssize_t i = 0; i < n; i++) {                                              \
                const T *line = m + (Py_ssize_t)sub[i] * ng;                                  \
                for (Py_ssize_t j = 0; j < bn; j++) {                                         \
                    Py_ssize_t p = (Py_ssize_t)line[rb[j]];                                   \
                    if (p >= npat) {                                                          \
                        bad = 1;                                                              \
                        continue;                                                             \
                    }                                                                         \
                    counts[j * npat + p]++;                                                   \
                }                                                                             \
            }                                                                                 \
            for (Py_ssize_t j = 0; j < bn; j++) {                                             \
                nb[b0 + j] = 0;                                                               \
                ss[b0 + j] = 0;                                                               \
                mx[b0 + j] = 0;                                                               \
            }                                                                                 \
            if (n * 2 < npat) {                                                               \
                for (Py_ssize_t i = 0; i < n; i++) {                                          \
                    const T *line = m + (Py_ssize_t)sub[i] * ng;                              \
                    for (Py_ssize_t j = 0; j < bn; j++) {                                     \
                        Py_ssize_t p = (Py_ssize_t)line[rb[j]];                               \
                        if (p >= npat) continue;                                              \
                        int64_t c = counts[j * npat + p];                                     \
                        if (c) {                                                              \
                            counts[j * npat + p] = 0;                                         \
                            nb[b0 + j] += 1;                                                  \
                            ss[b0 + j] += c * c;                                              \
                            if (c > mx[b0 + j]) mx[b0 + j] = c;                               \
                        }                                                                     \
                    }                                                                         \
                }                                                                             \
            }                                                                                 \
            else {                                                                            \
                for (Py_ssize_t j = 0; j < bn; j++) {                                         \
                    uint32_t *row = counts + j * npat;                                        \
                    int64_t k = 0, q = 0, top = 0;                                            \
                    for (Py_ssize_t p = 0; p < npat; p++) {                                   \
                        int64_t c = row[p];                                                   \
                        k += (c != 0);                                                        \
                        q += c * c;                                                           \
                        if (c > top) top = c;                                                 \
                    }                                                                         \
                    nb[b0 + j] = k;                                                           \
                    ss[b0 + j] = q;                                                           \
                    mx[b0 + j] = top;                                                         \
                }                                                                             \
                memset(counts, 0, (size_t)bn * (size_t)npat * sizeof(uint32_t));              \
            }                                                                                 \
        }                                                                                     \
    } while (0)

static PyObject *
split_stats(PyObject *self, PyObject *args)
{
    PyObject *mt_obj, *sub_obj, *rows_obj, *nb_obj, *ss_obj, *mx_obj;
    Py_ssize_t npat;
    if (!PyArg_ParseTuple(args, "OOOnOOO", &mt_obj, &sub_obj, &rows_obj, &npat, &nb_obj,
                          &ss_obj, &mx_obj)) {
        return NULL;
    }
    Py_buffer vm = {0}, vs = {0}, vr = {0}, vnb = {0}, vss = {0}, vmx = {0};
    PyObject *result = NULL;
    int64_t *indices = NULL;
    if (get_buffer(mt_obj, &vm, 0) < 0) goto done;
    if (get_buffer(sub_obj, &vs, 0) < 0) goto done;
    if (get_buffer(rows_obj, &vr, 0) < 0) goto done;
    if (get_buffer(nb_obj, &vnb, 1) < 0) goto done;
    if (get_buffer(ss_obj, &vss, 1) < 0) goto done;
    if (get_buffer(mx_obj, &vmx, 1) < 0) goto done;
    if (vm.ndim != 2 || !(vm.itemsize == 1 || vm.itemsize == 2)) {
        PyErr_SetString(PyExc_TypeError, "matrix must be 2-D of 1- or 2-byte patterns");
        goto done;
    }
    if (!is_int64(&vs) || !is_int64(&vr) || !is_int64(&vnb) ||
        !is_int64(&vss) || !is_int64(&vmx)) {
        PyErr_SetString(PyExc_TypeError, "subset, rows and outputs must be int64");
        goto done;
    }
    Py_ssize_t na = vm.shape[0], ng = vm.shape[1];
    Py_ssize_t n = vs.len / 8;
    Py_ssize_t nrows = vr.len / 8;
    if (vnb.len / 8 != nrows || vss.len / 8 != nrows || vmx.len / 8 != nrows) {
        PyErr_SetString(PyExc_ValueError, "outputs must hold one value per row");
        goto done;
    }
    if (npat < 1) {
        PyErr_SetString(PyExc_ValueError, "patterns must be positive");
        goto done;
    }
    /* The indices are copied: they are read without the GIL (another thread may change the
       caller's arrays) and an output may share their memory. */
    int64_t *sub = (int64_t *)PyMem_Malloc((size_t)(n + nrows + 1) * sizeof(int64_t));
    if (sub == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    indices = sub;
    int64_t *rows = sub + n;
    memcpy(sub, vs.buf, (size_t)n * sizeof(int64_t));
    memcpy(rows, vr.buf, (size_t)nrows * sizeof(int64_t));
    for (Py_ssize_t i = 0; i < n; i++) {
        if (sub[i] < 0 || sub[i] >= na) {
            PyErr_SetString(PyExc_IndexError, "an answer index is out of the matrix");
            goto done;
        }
    }
    for (Py_ssize_t j = 0; j < nrows; j++) {
        if (rows[j] < 0 || rows[j] >= ng) {
            PyErr_SetString(PyExc_IndexError, "a guess row is out of the matrix");
            goto done;
        }
    }
    /* A cell past the patterns (a damaged matrix) is an error, never a write out of the
       counters; 1-byte cells get 256 counters a row and need no check. No cell holds more
       patterns than its bytes can. */
    if (vm.itemsize == 1 && npat < 256) {
        npat = 256;
    }
    if (npat > ((Py_ssize_t)1 << (8 * vm.itemsize))) {
        npat = (Py_ssize_t)1 << (8 * vm.itemsize);
    }
    int bad = 0;
    Py_ssize_t block = COUNTER_BYTES / (npat * (Py_ssize_t)sizeof(uint32_t));
    if (block < 1) block = 1;
    uint32_t *counts = (uint32_t *)PyMem_Calloc((size_t)block * (size_t)npat, sizeof(uint32_t));
    if (counts == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    int64_t *nb = (int64_t *)vnb.buf, *ss = (int64_t *)vss.buf, *mx = (int64_t *)vmx.buf;
    const void *mt = vm.buf;
    Py_BEGIN_ALLOW_THREADS
    if (vm.itemsize == 1) {
        STATS_LOOP(uint8_t);
    }
    else {
        STATS_LOOP(uint16_t);
    }
    Py_END_ALLOW_THREADS
    PyMem_Free(counts);
    if (bad) {
        PyErr_SetString(PyExc_ValueError, "a pattern of the matrix is out of range");
        goto done;
    }
    result = Py_None;
    Py_INCREF(result);
done:
    PyMem_Free(indices);
    if (vm.obj) PyBuffer_Release(&vm);
    if (vs.obj) PyBuffer_Release(&vs);
    if (vr.obj) PyBuffer_Release(&vr);
    if (vnb.obj) PyBuffer_Release(&vnb);
    if (vss.obj) PyBuffer_Release(&vss);
    if (vmx.obj) PyBuffer_Release(&vmx);
    return result;
}


/* Counters of `group`, zero between calls (each call clears what it touched). The GIL is held
   throughout, so one buffer serves every call. */
#define GROUP_PATTERNS 65536
static int32_t group_counts[GROUP_PATTERNS];

static int
by_size_then_pattern(const void *a, const void *b)
{
    const int64_t *x = (const int64_t *)a, *y = (const int64_t *)b;
    /* [pattern, start, size]: largest first, then the lower pattern */
    if (x[2] != y[2]) return x[2] > y[2] ? -1 : 1;
    return (x[0] > y[0]) - (x[0] < y[0]);
}

static int
by_pattern(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

static int
overlap(const Py_buffer *a, const Py_buffer *b)
{
    const char *x = (const char *)a->buf, *y = (const char *)b->buf;
    return a->len > 0 && b->len > 0 && x < y + b->len && y < x + a->len;
}

#define GATHER(T) \
    for (Py_ssize_t i = 0; i < n; i++) pats[i] = ((const T *)vrow.buf)[sub[i]];

static PyObject *
group(PyObject *self, PyObject *args)
{
    PyObject *row_obj, *sub_obj, *out_obj;
    if (!PyArg_ParseTuple(args, "OOO", &row_obj, &sub_obj, &out_obj)) {
        return NULL;
    }
    Py_buffer vrow = {0}, vs = {0}, vo = {0};
    PyObject *result = NULL;
    int64_t *pats = NULL;
    if (get_buffer(row_obj, &vrow, 0) < 0) goto done;
    if (get_buffer(sub_obj, &vs, 0) < 0) goto done;
    if (get_buffer(out_obj, &vo, 1) < 0) goto done;
    if (vrow.ndim != 1 || !(vrow.itemsize == 1 || vrow.itemsize == 2)) {
        PyErr_SetString(PyExc_TypeError, "the row must be 1-D of 1- or 2-byte patterns");
        goto done;
    }
    if (!is_int64(&vs) || !is_int64(&vo) || vo.len != vs.len) {
        PyErr_SetString(PyExc_TypeError, "subset and output must be int64 of one length");
        goto done;
    }
    if (overlap(&vo, &vs) || overlap(&vo, &vrow)) {
        PyErr_SetString(PyExc_ValueError, "the output must not share memory with the inputs");
        goto done;
    }
    Py_ssize_t n = vs.len / 8, width = vrow.shape[0];
    const int64_t *sub = (const int64_t *)vs.buf;
    int64_t *out = (int64_t *)vo.buf;
    for (Py_ssize_t i = 0; i < n; i++) {
        if (sub[i] < 0 || sub[i] >= width) {
            PyErr_SetString(PyExc_IndexError, "an answer index is out of the row");
            goto done;
        }
    }
    pats = (int64_t *)PyMem_Malloc((size_t)(n ? n : 1) * 2 * sizeof(int64_t));
    if (pats == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    int64_t *distinct = pats + n; /* the patterns met, n at most */
    if (vrow.itemsize == 1) {
        GATHER(uint8_t)
    }
    else {
        GATHER(uint16_t)
    }
    Py_ssize_t k = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        if (group_counts[pats[i]]++ == 0) distinct[k++] = pats[i];
    }
    qsort(distinct, (size_t)k, sizeof(int64_t), by_pattern);
    int64_t *groups = (int64_t *)PyMem_Malloc((size_t)(k ? k : 1) * 3 * sizeof(int64_t));
    if (groups == NULL) {
        for (Py_ssize_t i = 0; i < k; i++) group_counts[distinct[i]] = 0;
        PyErr_NoMemory();
        goto done;
    }
    int64_t at = 0;
    for (Py_ssize_t g = 0; g < k; g++) {
        int64_t size = group_counts[distinct[g]];
        groups[3 * g] = distinct[g];
        groups[3 * g + 1] = at;
        groups[3 * g + 2] = size;
        group_counts[distinct[g]] = (int32_t)at; /* now the next free place of the group */
        at += size;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        out[group_counts[pats[i]]++] = sub[i]; /* in subset order within a group: stable */
    }
    for (Py_ssize_t g = 0; g < k; g++) group_counts[distinct[g]] = 0;
    qsort(groups, (size_t)k, 3 * sizeof(int64_t), by_size_then_pattern);
    result = PyList_New(k);
    if (result == NULL) {
        PyMem_Free(groups);
        goto done;
    }
    for (Py_ssize_t g = 0; g < k; g++) {
        PyObject *item = Py_BuildValue("(LLL)", (long long)groups[3 * g],
                                       (long long)groups[3 * g + 1],
                                       (long long)(groups[3 * g + 1] + groups[3 * g + 2]));
        if (item == NULL) {
            Py_CLEAR(result);
            break;
        }
        PyList_SET_ITEM(result, g, item);
    }
    PyMem_Free(groups);
done:
    PyMem_Free(pats);
    if (vrow.obj) PyBuffer_Release(&vrow);
    if (vs.obj) PyBuffer_Release(&vs);
    if (vo.obj) PyBuffer_Release(&vo);
    return result;
}

static PyMethodDef methods[] = {
    {"split_stats", split_stats, METH_VARARGS,
     "split_stats(matrix_t, subset, rows, patterns, buckets, squares, largest): per guess "
     "row, the distinct patterns of the subset, the sum of squared bucket sizes and the "
     "largest bucket, written into the three int64 outputs."},
    {"group", group, METH_VARARGS,
     "group(row, subset, out): the subset's answers grouped by their pattern in one matrix "
     "row, written into `out` (in subset order within a group); returns (pattern, start, "
     "stop) per group, the largest first, then the lower pattern."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_kernels", "Compiled partition statistics.", -1, methods,
};

PyMODINIT_FUNC
PyInit__kernels(void)
{
    return PyModule_Create(&module);
}
