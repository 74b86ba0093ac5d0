# Step timings for the test and CI scripts (sourced, not run): `step LABEL COMMAND...` runs
# COMMAND, then prints its wall time and its CPU time (user + system of the processes it waited
# for, cargo's rustc and the linkers included). CPU seconds are the steadier figure on a
# machine shared with other builds, where wall time depends on the load.
#
# When $SCORESHEET_STEP_LOG names a file, each step also appends a line to it
# ("depth<TAB>label<TAB>wall<TAB>cpu<TAB>status"), steps of a script run by a step one level
# deeper, and `step_summary` prints the file as a table (.ci/run does at its end).
#
# Needs bash 5 (EPOCHREALTIME). The CPU time comes from the `times` builtin, which must run in
# this shell (not a pipe or $(...), whose forked subshell starts with its children's times at
# zero), hence its output goes through a temporary file.

# Sets _step_cpu_now to the seconds of CPU (user + system) the waited-for children of this
# shell have used so far (a variable, not output: $(...) would run `times` in a subshell).
_step_cpu() {
  local f
  f=$(mktemp)
  times >"$f"
  _step_cpu_now=$(awk 'NR == 2 {
    t = 0
    for (i = 1; i <= 2; i++) { split($i, p, /[ms]/); t += p[1] * 60 + p[2] }
    printf "%.1f", t
  }' "$f")
  rm -f "$f"
}

# step LABEL COMMAND...: runs COMMAND in a subshell (variables it sets stay there); its
# failure is this function's, after the timing is printed and recorded, so a failed run still
# shows where its time went.
step() {
  local label=$1
  shift
  local depth=${SCORESHEET_STEP_DEPTH:-0} start cpu0 status=0 wall cpu
  start=$EPOCHREALTIME
  _step_cpu
  cpu0=$_step_cpu_now
  echo "== $label"
  # In a subshell with errexit on, and not as `"$@" || status=$?`: bash ignores errexit in
  # functions run on the left of || (a step that is a function would go on past a failure).
  local errexit=0
  [[ $- == *e* ]] && errexit=1
  set +e
  (
    set -e
    export SCORESHEET_STEP_DEPTH=$((depth + 1))
    "$@"
  )
  status=$?
  [ "$errexit" = 0 ] || set -e
  wall=$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }')
  _step_cpu
  cpu=$(awk -v a="$cpu0" -v b="$_step_cpu_now" 'BEGIN { printf "%.1f", b - a }')
  echo "   $label: ${wall}s wall, ${cpu}s CPU$([ "$status" = 0 ] || echo ", failed ($status)")"
  if [ -n "${SCORESHEET_STEP_LOG:-}" ]; then
    printf '%s\t%s\t%s\t%s\t%s\n' "$depth" "$label" "$wall" "$cpu" "$status" >>"$SCORESHEET_STEP_LOG"
  fi
  return "$status"
}

# The recorded steps as a table, in the order they started (a step's own line comes after its
# inner steps' in the file, as it ends last; sorted back here by a running number).
step_summary() {
  [ -n "${SCORESHEET_STEP_LOG:-}" ] && [ -s "$SCORESHEET_STEP_LOG" ] || return 0
  echo "== step times (wall and CPU seconds; inner steps indented, counted in their outer step)"
  awk -F '\t' '
    # A step ends after the steps it ran: print each depth-d line before the deeper lines
    # written since the previous line of depth <= d.
    { line[NR] = $0; depth[NR] = $1 }
    END { emit(1, NR, 0) }
    function emit(lo, hi, d,    i, j, starts, k, m) {
      # Lines lo..hi hold complete steps of depth >= d; those of depth d end their group.
      m = 0; j = lo
      for (i = lo; i <= hi; i++) if (depth[i] == d) { starts[++m] = j; ends[d, m] = i; j = i + 1 }
      for (k = 1; k <= m; k++) {
        show(ends[d, k], d)
        if (ends[d, k] > starts[k]) emit(starts[k], ends[d, k] - 1, d + 1)
      }
    }
    function show(i, d,    f) {
      split(line[i], f, "\t")
      printf "   %-*s%-*s %9s %9s%s\n", 2 * d, "", 44 - 2 * d, f[2], f[3], f[4], \
        (f[5] == 0 ? "" : "  failed (" f[5] ")")
    }
    BEGIN { printf "   %-44s %9s %9s\n", "step", "wall s", "CPU s" }
  ' "$SCORESHEET_STEP_LOG"
}
