#!/usr/bin/env bash
# The library crates (and rustgis-cli) build from their own packages: `cargo package` makes the
# .crate files crates.io would receive, then all of them are unpacked side by side into one
# throwaway workspace, each `rustgis-*` dependency patched to its unpacked neighbour, and checked
# (`cargo check`, libraries and binaries, as `cargo package`'s own verify step builds them).
#
# Why not `cargo package`'s verify step: it builds each crate in a workspace of its own, without
# the workspace's [profile] and with the features of that crate alone, so every dependency was
# compiled again five times (about 13 minutes of the 30 CI may take). Here the five crates share
# one feature resolution and the workspace's target folder, so only RustGIS's own code is built;
# a file a crate needs but does not package (an include_str!, a doc, a font) still fails.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"

# Packages marked `publish = false` (benches, examples, the host binaries) are left out.
# One line per published crate: its name and version.
mapfile -t published < <(cargo metadata --no-deps --format-version 1 --offline |
  python3 -c 'import json,sys; [print(p["name"], p["version"]) for p in json.load(sys.stdin)["packages"] if p["publish"] != []]')
crates=()
for line in "${published[@]}"; do crates+=("${line% *}"); done
echo "== packaging ${crates[*]}"
args=()
for crate in "${crates[@]}"; do args+=(-p "$crate"); done
cargo package "${args[@]}" --allow-dirty --no-verify --quiet

check="$root/target/package-check"
rm -rf "$check"
mkdir -p "$check"
members=""
patches=""
for line in "${published[@]}"; do
  crate="${line% *}" version="${line#* }"
  tar -xzf "$root/target/package/$crate-$version.crate" -C "$check"
  members+="\"$crate-$version\", "
  patches+="$crate = { path = \"$crate-$version\" }"$'\n'
done
# The workspace's profiles, which a package does not carry, so that the dependencies already
# built for the tests (same profile, same features) are reused.
profiles=$(sed -n '/^\[profile/,$p' Cargo.toml)
cat > "$check/Cargo.toml" <<EOF
[workspace]
resolver = "3"
members = [${members%, }]

[patch.crates-io]
$patches
$profiles
EOF
cp Cargo.lock "$check/Cargo.lock"
echo "== checking the unpacked crates together"
CARGO_TARGET_DIR="$root/target" cargo check --manifest-path "$check/Cargo.toml" --workspace --lib --bins --offline --quiet
rm -rf "$check"
echo "== every package builds from its own files"

# An embedder's smallest build (docs/relay.md, "Embedding the relay"): the relay without its
# default features (no PostgreSQL client, parquet/arrow, SQLite or Rhai) still builds.
echo "== rustgis-relay builds without its default features"
cargo check --locked -p rustgis-relay --no-default-features --lib --quiet
