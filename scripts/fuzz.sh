#!/usr/bin/env bash
# Runs every fuzz target in fuzz/ with AFL++ (afl.rs), one after another, each for SECONDS
# seconds or MAX_EXECS executions, whichever comes first, and prints one line of figures per
# target. Fails when a target finds a crash or a hang (the inputs are in fuzz/out/<target>/).
#
#   bash scripts/fuzz.sh            # 30 s each: a short run
#   bash scripts/fuzz.sh 600        # 10 minutes each (or 1 M executions): a campaign
#   bash scripts/fuzz.sh 600 1000000 geojson   # one target
#
# FUZZ_NO_BUILD=1 fuzzes the binaries already in fuzz/target/release (after a campaign's build);
# FUZZ_RESUME=1 carries on a target's earlier run in fuzz/out/<target> (its queue and its counts:
# MAX_EXECS is then the total over both runs) instead of starting again from the seed corpus;
# FUZZ_BUILD_ONLY=1 only installs and builds (scripts/test.sh runs that beside the tests).
# FUZZ_JOBS=N runs N AFL++ instances of each target side by side (one main, N-1 secondaries
# sharing one queue), for the targets too slow to reach 10 M executions on one core; MAX_EXECS is
# then the total over the instances, and the figures printed are summed over them.
# Installs cargo-afl when missing and builds AFL++ for this rustc once (needs a C compiler).
# Non-interactive and as root: no core_pattern or CPU governor changes are needed.
set -euo pipefail
cd "$(dirname "$0")/../fuzz"

SECONDS_EACH="${1:-30}"
MAX_EXECS="${2:-1000000}"
shift 2 2>/dev/null || shift $#
TARGETS=("$@")
if [ ${#TARGETS[@]} -eq 0 ]; then
  TARGETS=(geojson flatgeobuf shapefile geopackage geoparquet csv kml gpx geotiff project expression script attach_line
    framing)
fi

CARGO_AFL_VERSION="0.18.2"
if ! cargo afl --version >/dev/null 2>&1; then
  echo "== installing cargo-afl ${CARGO_AFL_VERSION}"
  cargo install --quiet cargo-afl --locked --version "${CARGO_AFL_VERSION}"
fi
# AFL++ is built once per rustc; a second `config --build` says so and changes nothing.
if ! config_out=$(cargo afl config --build 2>&1) && ! grep -q "already built" <<<"$config_out"; then
  echo "$config_out" >&2
  exit 1
fi

if [ -z "${FUZZ_NO_BUILD:-}" ]; then
  echo "== building the fuzz targets with AFL instrumentation"
  cargo afl build --quiet --release
fi
if [ -n "${FUZZ_BUILD_ONLY:-}" ]; then
  exit 0
fi

export AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_AFFINITY=1
# One rayon worker: every thread writes to AFL++'s one coverage map, and a pool of several (the
# GeoTIFF reader decodes rows of tiles on it) makes one input's runs differ, which AFL++ counts as
# unstable edges (52 % stable with two workers, 79 % with one, in 100 s of the geotiff target).
export RAYON_NUM_THREADS=1
export AFL_SKIP_CRASHES=1 AFL_QUIET=1

mkdir -p out
failed=0
for target in "${TARGETS[@]}"; do
  out="out/${target}"
  input="corpus/${target}"
  if [ -n "${FUZZ_RESUME:-}" ] && [ -f "${out}/default/fuzzer_stats" ]; then
    input="-" # AFL++ resumes from the queue in $out and restores its counts
  else
    rm -rf "$out"
  fi
  jobs="${FUZZ_JOBS:-1}"
  per_job=$(((MAX_EXECS + jobs - 1) / jobs))
  # -t 5000: a hang is an input that takes over 5 s (AFL's own guess is too tight on a busy CI
  # machine); -E / -V: stop after MAX_EXECS executions or SECONDS_EACH seconds. The main instance
  # keeps AFL's default name, so a run of one instance is laid out as it always was.
  pids=()
  for ((job = 0; job < jobs; job++)); do
    if [ "$jobs" -eq 1 ]; then
      role=()
    elif [ "$job" -eq 0 ]; then
      role=(-M default)
    else
      role=(-S "helper${job}")
    fi
    cargo afl fuzz "${role[@]}" -i "$input" -o "$out" -t 5000 -E "$per_job" -V "$SECONDS_EACH" \
      "target/release/${target}" >"${out}.${job}.log" 2>&1 &
    pids+=($!)
  done
  status=0
  for pid in "${pids[@]}"; do
    wait "$pid" || status=1
  done
  if [ "$status" != 0 ]; then
    echo "afl-fuzz failed for ${target}:" >&2
    tail -n 20 "${out}".*.log >&2
    failed=1
    continue
  fi
  # Each instance's figures: executions, crashes and hangs are summed, the rest read from the main.
  sum() { awk -F' *: *' -v k="$1" '$1 == k { total += $2 } END { print total + 0 }' "${out}"/*/fuzzer_stats; }
  stats="${out}/default/fuzzer_stats"
  value() { awk -F' *: *' -v k="$1" '$1 == k { print $2 }' "$stats"; }
  crashes=$(sum saved_crashes)
  hangs=$(sum saved_hangs)
  echo "${target}: $(sum execs_done) execs in $(value run_time) s ($(sum execs_per_sec)/s, ${jobs} instances), corpus $(value corpus_count), coverage $(value bitmap_cvg), crashes ${crashes}, hangs ${hangs}"
  if [ "$crashes" != 0 ] || [ "$hangs" != 0 ]; then
    echo "${target} found ${crashes} crashes and ${hangs} hangs: see fuzz/${out}/*/crashes and hangs" >&2
    failed=1
  fi
done
exit "$failed"
