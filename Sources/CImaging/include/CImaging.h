#ifndef C_IMAGING_H
#define C_IMAGING_H

#include <stddef.h>
#include <stdint.h>

/// The longest message a codec can report, NUL included.
#define CI_MESSAGE_LENGTH 256

/// The outcome of a codec call: 0 on success, else an error with a message.
typedef struct {
    /// 0: success; 1: the codec rejected the data; 2: out of memory or over a limit.
    int status;
    /// libjpeg warnings seen (corrupt data, premature end of file). A decode stops at the first
    /// one with status 1 and the warning's text in `message`.
    int warnings;
    char message[CI_MESSAGE_LENGTH];
} ci_status;

/// Decoded 8-bit pixels, rows packed, `channels` bytes per pixel; free `pixels` with ci_free.
typedef struct {
    uint8_t *pixels;
    uint32_t width;
    uint32_t height;
    uint32_t channels;
} ci_pixels;

/// What a JPEG header says.
typedef struct {
    uint32_t width;
    uint32_t height;
    /// Components in the file: 1 gray, 3 YCbCr/RGB, 4 CMYK/YCCK.
    int components;
    int progressive;
} ci_jpeg_header;

/// Reads a JPEG's header with libjpeg (no pixels decoded).
ci_status ci_jpeg_read_header(const uint8_t *data, size_t size, ci_jpeg_header *header);

/// Decodes a JPEG to RGB at scale `scale_num`/8 (1...8) using libjpeg's DCT scaling; gray is
/// expanded and CMYK/YCCK converted to RGB. Refuses images over `max_pixels` (checked from the
/// header before any pixel), caps libjpeg's working memory at `max_memory` bytes, refuses a
/// progressive (multi-scan) JPEG with more than `max_scans` scans (status 2) and stops at the
/// first corrupt-data warning (status 1, the warning's text as the message).
ci_status ci_jpeg_decode(const uint8_t *data, size_t size, int scale_num, uint64_t max_pixels,
                         size_t max_memory, int max_scans, ci_pixels *out);

/// Encodes 8-bit gray (1 channel), RGB (3) or CMYK (4, Adobe-inverted as Photoshop writes) pixels
/// as a JPEG of `quality` (1–100), optionally progressive. The result is malloc'd into *out /
/// *out_size; free it with ci_free.
ci_status ci_jpeg_encode(const uint8_t *pixels, uint32_t width, uint32_t height, uint32_t channels,
                         int quality, int progressive, uint8_t **out, size_t *out_size);

/// What a PNG header says, through libpng.
typedef struct {
    uint32_t width;
    uint32_t height;
    /// Whether the image has an alpha channel or tRNS transparency.
    int has_alpha;
} ci_png_header;

/// Reads a PNG's header with libpng's simplified API.
ci_status ci_png_read_header(const uint8_t *data, size_t size, ci_png_header *header);

/// Decodes any PNG (every colour type and bit depth, palette, tRNS, interlaced, 16-bit) to 8-bit
/// RGB, or RGBA when it has transparency. Refuses images over `max_pixels` before decoding.
/// Ancillary chunks other than tRNS (text, zTXt, iCCP, …) are skipped unread: never inflated.
ci_status ci_png_decode(const uint8_t *data, size_t size, uint64_t max_pixels, ci_pixels *out);

/// Receives decoded rows one at a time: `row` holds `width × channels` bytes of row `y`.
/// Return 0 to go on, non-zero to stop (the decode then fails with "stopped").
typedef int (*ci_row_callback)(void *context, const uint8_t *row, uint32_t y, uint32_t width, uint32_t channels);

/// Decodes a PNG like ci_png_decode but hands each 8-bit RGB/RGBA row to `callback` as soon as
/// it is decoded, so a non-interlaced image never exists whole in memory (an interlaced one is
/// decoded whole first, as Adam7 requires).
ci_status ci_png_decode_rows(const uint8_t *data, size_t size, uint64_t max_pixels,
                             ci_row_callback callback, void *context);

/// Encodes 8-bit RGB (3 channels), RGBA (4), gray (1) or gray+alpha (2) pixels as a PNG; the
/// result is malloc'd into *out / *out_size; free it with ci_free.
ci_status ci_png_encode(const uint8_t *pixels, uint32_t width, uint32_t height, uint32_t channels,
                        uint8_t **out, size_t *out_size);

/// Encodes rows already in PNG's own layout (`bit_depth` 1–16, big-endian 16-bit samples,
/// sub-byte samples packed) with any `color_type` (0 gray, 2 RGB, 3 palette, 4 gray+alpha,
/// 6 RGBA), optionally Adam7-interlaced, with a palette (`palette_count` RGB triples) and tRNS
/// (palette alphas, or one 16-bit big-endian gray value / RGB triple). For tests and tools that
/// need every kind of PNG.
ci_status ci_png_encode_raw(const uint8_t *rows, uint32_t width, uint32_t height, int bit_depth,
                            int color_type, int interlace, const uint8_t *palette, int palette_count,
                            const uint8_t *trns, int trns_count, uint8_t **out, size_t *out_size);

/// Frees memory the codecs returned.
void ci_free(void *pointer);

#endif
