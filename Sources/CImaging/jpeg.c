// libjpeg wrapped so that no error can leave the process: libjpeg's default error handler calls
// exit(), so every call runs under setjmp and error_exit longjmps back here with the message.
// A decode stops at the first warning (corrupt data, premature end of file): the warning becomes
// the error, so damaged data is never decoded to its end. Nothing is ever printed.
#include "CImaging.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <jerror.h>

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf escape;
    ci_status *status;
} ci_jpeg_error;

static void ci_jpeg_error_exit(j_common_ptr cinfo) {
    ci_jpeg_error *error = (ci_jpeg_error *)cinfo->err;
    char text[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, text);
    // Out of memory, or over max_memory_to_use (libjpeg would then need a backing store): a limit.
    int code = cinfo->err->msg_code;
    error->status->status = (code == JERR_OUT_OF_MEMORY || code == JERR_NO_BACKING_STORE) ? 2 : 1;
    if (code == JERR_NO_BACKING_STORE && cinfo->mem != NULL) {
        snprintf(error->status->message, CI_MESSAGE_LENGTH, "it needs more than the %ld bytes of working memory allowed",
                 cinfo->mem->max_memory_to_use);
    } else {
        snprintf(error->status->message, CI_MESSAGE_LENGTH, "%s", text);
    }
    longjmp(error->escape, 1);
}

// Level -1 is a warning (JWRN_*: corrupt data, premature end, bogus progression): stop there.
static void ci_jpeg_emit_message(j_common_ptr cinfo, int level) {
    if (level >= 0) return;  // trace messages
    ci_jpeg_error *error = (ci_jpeg_error *)cinfo->err;
    char text[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, text);
    error->status->status = 1;
    error->status->warnings += 1;
    snprintf(error->status->message, CI_MESSAGE_LENGTH, "%s", text);
    longjmp(error->escape, 1);
}

/// The progress monitor of a decode: refuses a multi-scan JPEG past `max_scans` scans. libjpeg
/// calls it before each step of reading the scans (jpeg_start_decompress reads every scan of a
/// progressive image), so the decode stops as soon as scan `max_scans + 1` begins.
typedef struct {
    struct jpeg_progress_mgr base;
    int max_scans;
} ci_jpeg_progress;

static void ci_jpeg_progress_monitor(j_common_ptr cinfo) {
    if (!cinfo->is_decompressor) return;
    ci_jpeg_progress *progress = (ci_jpeg_progress *)cinfo->progress;
    j_decompress_ptr dinfo = (j_decompress_ptr)cinfo;
    if (dinfo->input_scan_number > progress->max_scans) {
        ci_jpeg_error *error = (ci_jpeg_error *)cinfo->err;
        error->status->status = 2;
        snprintf(error->status->message, CI_MESSAGE_LENGTH, "it has more than %d scans (the limit)", progress->max_scans);
        longjmp(error->escape, 1);
    }
}

static void ci_jpeg_output_message(j_common_ptr cinfo) {
    (void)cinfo;  // never print to stderr
}

static void ci_jpeg_install(ci_jpeg_error *error, ci_status *status) {
    jpeg_std_error(&error->base);
    error->base.error_exit = ci_jpeg_error_exit;
    error->base.emit_message = ci_jpeg_emit_message;
    error->base.output_message = ci_jpeg_output_message;
    error->status = status;
}

static void ci_fail(ci_status *status, int code, const char *message) {
    status->status = code;
    snprintf(status->message, CI_MESSAGE_LENGTH, "%s", message);
}

ci_status ci_jpeg_read_header(const uint8_t *data, size_t size, ci_jpeg_header *header) {
    ci_status status = {0};
    struct jpeg_decompress_struct cinfo;
    ci_jpeg_error error;
    memset(header, 0, sizeof *header);
    ci_jpeg_install(&error, &status);
    cinfo.err = &error.base;
    if (setjmp(error.escape)) {
        jpeg_destroy_decompress(&cinfo);
        return status;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    header->width = cinfo.image_width;
    header->height = cinfo.image_height;
    header->components = cinfo.num_components;
    header->progressive = cinfo.progressive_mode ? 1 : 0;
    jpeg_destroy_decompress(&cinfo);
    return status;
}

/// One CMYK row (inverted as Adobe writes it, or plain) to RGB.
static void ci_cmyk_to_rgb(const JSAMPLE *cmyk, uint8_t *rgb, uint32_t width, int inverted) {
    for (uint32_t x = 0; x < width; x++) {
        unsigned c = cmyk[4 * x], m = cmyk[4 * x + 1], y = cmyk[4 * x + 2], k = cmyk[4 * x + 3];
        if (!inverted) {
            c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k;
        }
        rgb[3 * x] = (uint8_t)((c * k + 127) / 255);
        rgb[3 * x + 1] = (uint8_t)((m * k + 127) / 255);
        rgb[3 * x + 2] = (uint8_t)((y * k + 127) / 255);
    }
}

ci_status ci_jpeg_decode(const uint8_t *data, size_t size, int scale_num, uint64_t max_pixels,
                         size_t max_memory, int max_scans, ci_pixels *out) {
    ci_status status = {0};
    struct jpeg_decompress_struct cinfo;
    ci_jpeg_error error;
    ci_jpeg_progress progress;
    uint8_t *volatile pixels = NULL;
    JSAMPLE *volatile row = NULL;
    memset(out, 0, sizeof *out);
    ci_jpeg_install(&error, &status);
    cinfo.err = &error.base;
    if (setjmp(error.escape)) {
        jpeg_destroy_decompress(&cinfo);
        free(pixels);
        free(row);
        return status;
    }
    jpeg_create_decompress(&cinfo);
    memset(&progress, 0, sizeof progress);
    progress.base.progress_monitor = ci_jpeg_progress_monitor;
    progress.max_scans = max_scans < 1 ? 1 : max_scans;
    cinfo.progress = &progress.base;
    cinfo.mem->max_memory_to_use = (long)max_memory;
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    if (cinfo.image_width == 0 || cinfo.image_height == 0) {
        jpeg_destroy_decompress(&cinfo);
        ci_fail(&status, 1, "the JPEG declares a zero width or height");
        return status;
    }
    if ((uint64_t)cinfo.image_width * cinfo.image_height > max_pixels) {
        jpeg_destroy_decompress(&cinfo);
        ci_fail(&status, 2, "the JPEG declares more pixels than the limit");
        return status;
    }
    int cmyk = cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
    cinfo.out_color_space = cmyk ? JCS_CMYK : JCS_RGB;
    cinfo.scale_num = (unsigned)(scale_num < 1 ? 1 : scale_num > 8 ? 8 : scale_num);
    cinfo.scale_denom = 8;
    jpeg_start_decompress(&cinfo);
    uint32_t width = cinfo.output_width, height = cinfo.output_height;
    pixels = malloc((size_t)width * height * 3);
    if (cmyk) row = malloc((size_t)width * 4);
    if (pixels == NULL || (cmyk && row == NULL)) {
        ci_fail(&status, 2, "out of memory for the decoded JPEG");
        jpeg_destroy_decompress(&cinfo);
        free(pixels);
        free(row);
        return status;
    }
    while (cinfo.output_scanline < height) {
        uint32_t line = cinfo.output_scanline;
        JSAMPROW target = cmyk ? row : (JSAMPROW)(pixels + (size_t)line * width * 3);
        if (jpeg_read_scanlines(&cinfo, &target, 1) != 1) {
            ci_fail(&status, 1, "the JPEG decoder stopped before the last row");
            jpeg_destroy_decompress(&cinfo);
            free(pixels);
            free(row);
            return status;
        }
        if (cmyk) ci_cmyk_to_rgb(row, pixels + (size_t)line * width * 3, width, cinfo.saw_Adobe_marker);
    }
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    free(row);
    out->pixels = pixels;
    out->width = width;
    out->height = height;
    out->channels = 3;
    return status;
}

ci_status ci_jpeg_encode(const uint8_t *pixels, uint32_t width, uint32_t height, uint32_t channels,
                         int quality, int progressive, uint8_t **out, size_t *out_size) {
    ci_status status = {0};
    struct jpeg_compress_struct cinfo;
    ci_jpeg_error error;
    unsigned char *volatile buffer = NULL;
    unsigned long buffer_size = 0;
    *out = NULL;
    *out_size = 0;
    if (channels != 1 && channels != 3 && channels != 4) {
        ci_fail(&status, 1, "JPEG encoding takes 1 (gray), 3 (RGB) or 4 (CMYK) channels");
        return status;
    }
    ci_jpeg_install(&error, &status);
    cinfo.err = &error.base;
    if (setjmp(error.escape)) {
        jpeg_destroy_compress(&cinfo);
        free(buffer);
        return status;
    }
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, (unsigned char **)&buffer, &buffer_size);
    cinfo.image_width = width;
    cinfo.image_height = height;
    cinfo.input_components = (int)channels;
    cinfo.in_color_space = channels == 1 ? JCS_GRAYSCALE : channels == 3 ? JCS_RGB : JCS_CMYK;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality, TRUE);
    if (progressive) jpeg_simple_progression(&cinfo);
    jpeg_start_compress(&cinfo, TRUE);
    while (cinfo.next_scanline < height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)cinfo.next_scanline * width * channels);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    *out = buffer;
    *out_size = buffer_size;
    return status;
}

void ci_free(void *pointer) {
    free(pointer);
}
