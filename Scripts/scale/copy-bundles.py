#!/usr/bin/env python3
"""Copies bundle 1 of a data folder to 2..N (same files, numbered folders)."""
import os
import shutil
import sys

root, count = sys.argv[1], int(sys.argv[2])
source = os.path.join(root, "1.scarycreature")
for number in range(2, count + 1):
    shutil.copytree(source, os.path.join(root, f"{number}.scarycreature"))
