// libpng wrapped so that no error can leave the process: errors longjmp back here through
// png_jmpbuf with the message kept; warnings (bad ancillary chunks) are ignored.
#include "CImaging.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <png.h>

typedef struct {
    const uint8_t *data;
    size_t size;
    size_t offset;
    ci_status *status;
} ci_png_source;

typedef struct {
    uint8_t *data;
    size_t size;
    size_t capacity;
    ci_status *status;
} ci_png_sink;

static void ci_png_error(png_structp png, png_const_charp message) {
    ci_status *status = (ci_status *)png_get_error_ptr(png);
    if (status->status == 0) {
        status->status = 1;
        snprintf(status->message, CI_MESSAGE_LENGTH, "%s", message);
    }
    png_longjmp(png, 1);
}

static void ci_png_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

static void ci_png_read(png_structp png, png_bytep out, png_size_t length) {
    ci_png_source *source = (ci_png_source *)png_get_io_ptr(png);
    if (length > source->size - source->offset) {
        png_error(png, "the PNG data ends early (truncated file)");
    }
    memcpy(out, source->data + source->offset, length);
    source->offset += length;
}

static void ci_png_write(png_structp png, png_bytep data, png_size_t length) {
    ci_png_sink *sink = (ci_png_sink *)png_get_io_ptr(png);
    if (length > sink->capacity - sink->size) {
        size_t capacity = sink->capacity ? sink->capacity : 4096;
        while (capacity - sink->size < length) capacity *= 2;
        uint8_t *grown = realloc(sink->data, capacity);
        if (grown == NULL) png_error(png, "out of memory for the encoded PNG");
        sink->data = grown;
        sink->capacity = capacity;
    }
    memcpy(sink->data + sink->size, data, length);
    sink->size += length;
}

static void ci_png_flush(png_structp png) {
    (void)png;
}

static void ci_fail(ci_status *status, int code, const char *message) {
    status->status = code;
    snprintf(status->message, CI_MESSAGE_LENGTH, "%s", message);
}

/// Starts reading: makes the structs, reads the header. Returns 0 on error (status set).
static int ci_png_begin(ci_png_source *source, png_structp *png, png_infop *info) {
    *png = png_create_read_struct(PNG_LIBPNG_VER_STRING, source->status, ci_png_error, ci_png_warning);
    if (*png == NULL) {
        ci_fail(source->status, 2, "out of memory for the PNG reader");
        return 0;
    }
    *info = png_create_info_struct(*png);
    if (*info == NULL) {
        png_destroy_read_struct(png, NULL, NULL);
        ci_fail(source->status, 2, "out of memory for the PNG reader");
        return 0;
    }
    // Every ancillary chunk but tRNS is skipped (only its CRC is computed): a zTXt or iCCP bomb
    // is never inflated. libpng keeps IHDR, PLTE, tRNS, IDAT and IEND. Whatever else libpng
    // still allocates for a chunk is capped at 8 MiB.
    png_set_keep_unknown_chunks(*png, PNG_HANDLE_CHUNK_NEVER, NULL, -1);
    png_set_chunk_malloc_max(*png, 8u << 20);
    png_set_read_fn(*png, source, ci_png_read);
    return 1;
}

/// The decoded image's shape once libpng's transformations are set.
typedef struct {
    uint32_t width;
    uint32_t height;
    uint32_t channels;
    size_t row_bytes;
    int interlaced;
} ci_png_layout;

/// Reads the header, checks the pixel limit and sets libpng up to produce 8-bit RGB or RGBA
/// rows. Runs inside the caller's setjmp. Returns 0 (status set) when the image is refused.
static int ci_png_prepare(png_structp png, png_infop info, uint64_t max_pixels, ci_status *status, ci_png_layout *layout) {
    png_read_info(png, info);
    layout->width = png_get_image_width(png, info);
    layout->height = png_get_image_height(png, info);
    if ((uint64_t)layout->width * layout->height > max_pixels) {
        ci_fail(status, 2, "the PNG declares more pixels than the limit");
        return 0;
    }
    int color_type = png_get_color_type(png, info);
    int has_alpha = (color_type & PNG_COLOR_MASK_ALPHA) || png_get_valid(png, info, PNG_INFO_tRNS);
    layout->interlaced = png_get_interlace_type(png, info) != PNG_INTERLACE_NONE;
    png_set_expand(png);        // palette to RGB, gray below 8 bits to 8, tRNS to alpha
    png_set_scale_16(png);      // 16-bit samples rounded to 8
    png_set_gray_to_rgb(png);
    if (!has_alpha) png_set_strip_alpha(png);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    layout->channels = png_get_channels(png, info);
    layout->row_bytes = png_get_rowbytes(png, info);
    if ((layout->channels != 3 && layout->channels != 4) || layout->row_bytes != (size_t)layout->width * layout->channels) {
        ci_fail(status, 1, "the PNG could not be converted to 8-bit RGB");
        return 0;
    }
    return 1;
}

ci_status ci_png_read_header(const uint8_t *data, size_t size, ci_png_header *header) {
    ci_status status = {0};
    ci_png_source source = {data, size, 0, &status};
    png_structp png;
    png_infop info;
    memset(header, 0, sizeof *header);
    if (!ci_png_begin(&source, &png, &info)) return status;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        return status;
    }
    png_read_info(png, info);
    header->width = png_get_image_width(png, info);
    header->height = png_get_image_height(png, info);
    header->has_alpha = (png_get_color_type(png, info) & PNG_COLOR_MASK_ALPHA) || png_get_valid(png, info, PNG_INFO_tRNS);
    png_destroy_read_struct(&png, &info, NULL);
    return status;
}

ci_status ci_png_decode(const uint8_t *data, size_t size, uint64_t max_pixels, ci_pixels *out) {
    ci_status status = {0};
    ci_png_source source = {data, size, 0, &status};
    png_structp png;
    png_infop info;
    ci_png_layout layout;
    uint8_t *volatile pixels = NULL;
    png_bytep *volatile rows = NULL;
    memset(out, 0, sizeof *out);
    if (!ci_png_begin(&source, &png, &info)) return status;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        free(pixels);
        free(rows);
        return status;
    }
    if (!ci_png_prepare(png, info, max_pixels, &status, &layout)) {
        png_destroy_read_struct(&png, &info, NULL);
        return status;
    }
    pixels = malloc((size_t)layout.height * layout.row_bytes);
    rows = malloc((size_t)layout.height * sizeof(png_bytep));
    if (pixels == NULL || rows == NULL) png_error(png, "out of memory for the decoded PNG");
    for (uint32_t y = 0; y < layout.height; y++) rows[y] = pixels + (size_t)y * layout.row_bytes;
    png_read_image(png, rows);
    png_read_end(png, NULL);    // a PNG cut before IEND is truncated, even if its pixels are all there
    png_destroy_read_struct(&png, &info, NULL);
    free(rows);
    out->pixels = pixels;
    out->width = layout.width;
    out->height = layout.height;
    out->channels = layout.channels;
    return status;
}

ci_status ci_png_decode_rows(const uint8_t *data, size_t size, uint64_t max_pixels,
                             ci_row_callback callback, void *context) {
    ci_status status = {0};
    ci_png_source source = {data, size, 0, &status};
    png_structp png;
    png_infop info;
    ci_png_layout layout;
    uint8_t *volatile buffer = NULL;
    png_bytep *volatile rows = NULL;
    if (!ci_png_begin(&source, &png, &info)) return status;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        free(buffer);
        free(rows);
        return status;
    }
    if (!ci_png_prepare(png, info, max_pixels, &status, &layout)) {
        png_destroy_read_struct(&png, &info, NULL);
        return status;
    }
    if (!layout.interlaced) {
        // One row at a time: the image never exists whole.
        buffer = malloc(layout.row_bytes);
        if (buffer == NULL) png_error(png, "out of memory for a PNG row");
        for (uint32_t y = 0; y < layout.height; y++) {
            png_read_row(png, buffer, NULL);
            if (callback(context, buffer, y, layout.width, layout.channels) != 0) png_error(png, "stopped");
        }
    } else {
        // Adam7 fills rows across seven passes: decode whole, then hand the rows over.
        buffer = malloc((size_t)layout.height * layout.row_bytes);
        rows = malloc((size_t)layout.height * sizeof(png_bytep));
        if (buffer == NULL || rows == NULL) png_error(png, "out of memory for the decoded PNG");
        for (uint32_t y = 0; y < layout.height; y++) rows[y] = buffer + (size_t)y * layout.row_bytes;
        png_read_image(png, rows);
        for (uint32_t y = 0; y < layout.height; y++) {
            if (callback(context, rows[y], y, layout.width, layout.channels) != 0) png_error(png, "stopped");
        }
    }
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);
    free(buffer);
    free(rows);
    return status;
}

ci_status ci_png_encode_raw(const uint8_t *rows_data, uint32_t width, uint32_t height, int bit_depth,
                            int color_type, int interlace, const uint8_t *palette, int palette_count,
                            const uint8_t *trns, int trns_count, uint8_t **out, size_t *out_size) {
    ci_status status = {0};
    ci_png_sink sink = {NULL, 0, 0, &status};
    png_bytep *volatile rows = NULL;
    *out = NULL;
    *out_size = 0;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &status, ci_png_error, ci_png_warning);
    if (png == NULL) {
        ci_fail(&status, 2, "out of memory for the PNG writer");
        return status;
    }
    png_infop info = png_create_info_struct(png);
    if (info == NULL || setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(sink.data);
        free(rows);
        if (status.status == 0) ci_fail(&status, 2, "out of memory for the PNG writer");
        return status;
    }
    png_set_write_fn(png, &sink, ci_png_write, ci_png_flush);
    png_set_IHDR(png, info, width, height, bit_depth, color_type,
                 interlace ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (palette != NULL && palette_count > 0) png_set_PLTE(png, info, (png_const_colorp)palette, palette_count);
    if (trns != NULL && trns_count > 0) {
        if (color_type == PNG_COLOR_TYPE_PALETTE) {
            png_set_tRNS(png, info, trns, trns_count, NULL);
        } else {
            png_color_16 value = {0};
            value.gray = (png_uint_16)((trns[0] << 8) | trns[1]);
            if (trns_count >= 6) {
                value.red = value.gray;
                value.green = (png_uint_16)((trns[2] << 8) | trns[3]);
                value.blue = (png_uint_16)((trns[4] << 8) | trns[5]);
            }
            png_set_tRNS(png, info, NULL, 0, &value);
        }
    }
    png_write_info(png, info);
    size_t row_bytes = png_get_rowbytes(png, info);
    rows = malloc((size_t)height * sizeof(png_bytep));
    if (rows == NULL) png_error(png, "out of memory for the PNG rows");
    for (uint32_t y = 0; y < height; y++) rows[y] = (png_bytep)(rows_data + (size_t)y * row_bytes);
    png_write_image(png, rows);
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    free(rows);
    *out = sink.data;
    *out_size = sink.size;
    return status;
}

ci_status ci_png_encode(const uint8_t *pixels, uint32_t width, uint32_t height, uint32_t channels,
                        uint8_t **out, size_t *out_size) {
    static const int color_types[] = {0, PNG_COLOR_TYPE_GRAY, PNG_COLOR_TYPE_GRAY_ALPHA, PNG_COLOR_TYPE_RGB, PNG_COLOR_TYPE_RGB_ALPHA};
    if (channels < 1 || channels > 4) {
        ci_status status = {0};
        ci_fail(&status, 1, "PNG encoding takes 1 to 4 channels");
        *out = NULL;
        *out_size = 0;
        return status;
    }
    return ci_png_encode_raw(pixels, width, height, 8, color_types[channels], 0, NULL, 0, NULL, 0, out, out_size);
}
