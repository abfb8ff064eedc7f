#!/usr/bin/env python3
"""Moving a Homepwner inventory: `homepwner export` and `homepwner import` against Info-ZIP's `zip`
and `unzip` on the same data folder, side by side in one run. Prints the medians of --runs runs
and the ratios (this machine is shared: times drift, ratios hold), the zips' sizes, and checks
that the round trip changed nothing (the archive's bytes, every photo and attachment, the CSV).

The inventory: --items items (made by one `homepwner import-csv`), --photos of them with a PNG
photo of random pixels (--photo-side pixels square, so it does not compress) and --attachments
of them with a PDF receipt of 20 KB.

What each side does differs, and the figures say what that costs: `zip` copies the files; our
export reads the archive through the store and writes each file of an item it names. `unzip`
writes the files; our import decodes every photo completely and checks every attachment's
magic bytes before writing it durably (fsync per file), then writes items.archive last.

Usage, from the project folder, after `swift build -c release --static-swift-stdlib --product homepwner`:

    python3 Scripts/homepwner-transfer-benchmark.py [--items 10000] [--photos 1000] [--attachments 200] [--runs 3]
"""
import argparse, csv, filecmp, io, json, os, random, shutil, statistics, struct, subprocess, tempfile, time, zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def png(side, seed):
    """A side×side RGB PNG of random pixels (it hardly compresses, as a photo does not)."""
    rng = random.Random(seed)
    raw = b"".join(b"\x00" + rng.randbytes(side * 3) for _ in range(side))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", side, side, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 1)) + chunk(b"IEND", b"")


def run(command, **options):
    began = time.monotonic()
    done = subprocess.run(command, capture_output=True, text=True, **options)
    elapsed = time.monotonic() - began
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({done.returncode}): {done.stderr.strip()}")
    return elapsed, done.stdout


def make_inventory(binary, folder, items, photos, attachments, side):
    rows = io.StringIO()
    writer = csv.writer(rows, lineterminator="\r\n")
    writer.writerow(["Name", "Serial Number", "Value in Dollars", "Location", "Labels", "Notes"])
    for index in range(items):
        writer.writerow([f"Item {index}", f"SN-{index:06d}", index % 5000, f"House › Room {index % 40}", "insured", "bought second hand"])
    source = os.path.join(os.path.dirname(folder), "items.csv")
    with open(source, "w", encoding="utf-8", newline="") as file:
        file.write(rows.getvalue())
    run([binary, "import-csv", source, "--storage", folder, "--create"])
    _, listed = run([binary, "list", "--json", "--storage", folder])
    keys = [item["itemKey"] for item in json.loads(listed)["items"]]
    for index, key in enumerate(keys[:photos]):
        with open(os.path.join(folder, key), "wb") as file:
            file.write(png(side, index))
    receipt = b"%PDF-1.4\n" + bytes(random.Random(7).randbytes(20_000)) + b"\n%%EOF\n"
    for key in keys[:attachments]:
        with open(os.path.join(folder, f"{key}.attachment-1-receipt.pdf"), "wb") as file:
            file.write(receipt)
    for name in os.listdir(folder):
        if name.startswith("."):
            os.remove(os.path.join(folder, name))  # the writer lock: not part of the inventory


def same_folders(left, right):
    names = sorted(n for n in os.listdir(left) if not n.startswith("."))
    other = sorted(n for n in os.listdir(right) if not n.startswith("."))
    if names != other:
        return False
    return all(filecmp.cmp(os.path.join(left, n), os.path.join(right, n), shallow=False) for n in names)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--items", type=int, default=10_000)
    parser.add_argument("--photos", type=int, default=1_000)
    parser.add_argument("--attachments", type=int, default=200)
    parser.add_argument("--photo-side", type=int, default=160)
    parser.add_argument("--runs", type=int, default=3)
    options = parser.parse_args()
    binary = os.environ.get("BINARY") or os.path.join(ROOT, ".build/release/homepwner")
    if not os.access(binary, os.X_OK):
        raise SystemExit("build it first: swift build -c release --static-swift-stdlib --product homepwner")
    for tool in ("zip", "unzip"):
        if shutil.which(tool) is None:
            raise SystemExit(f"needs Info-ZIP's {tool} (apt-get install zip unzip)")
    work = tempfile.mkdtemp(prefix="homepwner-transfer-")
    try:
        folder = os.path.join(work, "Documents")
        make_inventory(binary, folder, options.items, options.photos, options.attachments, options.photo_side)
        size = sum(os.path.getsize(os.path.join(folder, n)) for n in os.listdir(folder))
        print(f"inventory: {options.items:,} items, {options.photos:,} photos of {options.photo_side}×{options.photo_side}, "
              f"{options.attachments:,} attachments; {size / 1e6:.1f} MB in {len(os.listdir(folder)):,} files")

        ours_zip, their_zip = os.path.join(work, "ours.zip"), os.path.join(work, "theirs.zip")
        times = {"export": [], "zip -r": [], "import": [], "unzip": []}
        for attempt in range(options.runs):
            times["export"].append(run([binary, "export", ours_zip, "--storage", folder])[0])
            if os.path.exists(their_zip):
                os.remove(their_zip)
            times["zip -r"].append(run(["zip", "-r", "-q", their_zip, "."], cwd=folder)[0])
            target = os.path.join(work, f"imported-{attempt}")
            times["import"].append(run([binary, "import", ours_zip, "--storage", target, "--create"])[0])
            unzipped = os.path.join(work, f"unzipped-{attempt}")
            times["unzip"].append(run(["unzip", "-q", their_zip, "-d", unzipped])[0])
            if not same_folders(folder, target):
                raise SystemExit("the imported folder differs from the exported one")
            _, before = run([binary, "export-csv", "--storage", folder])
            _, after = run([binary, "export-csv", "--storage", target])
            if before != after:
                raise SystemExit("the imported inventory's CSV differs from the exported one's")
            shutil.rmtree(target)
            shutil.rmtree(unzipped)

        median = {name: statistics.median(values) for name, values in times.items()}
        print(f"{'':24}{'median s':>10}")
        for name in times:
            print(f"{name:24}{median[name]:>10.2f}")
        print(f"export / zip -r:   {median['export'] / median['zip -r']:.2f}×")
        print(f"import / unzip:    {median['import'] / median['unzip']:.2f}×")
        print(f"zip sizes: ours {os.path.getsize(ours_zip) / 1e6:.1f} MB, zip -r {os.path.getsize(their_zip) / 1e6:.1f} MB")
        print("round trip: every file byte for byte the same, and the same CSV (checked on each run)")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
