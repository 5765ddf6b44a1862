# Sourced by scripts that run an npm tool (conformance.sh, inspector_cli.sh). `node_tool DIR
# PACKAGE VERSION COMMAND` installs Node.js 22 (the npm package `node`) and PACKAGE@VERSION into
# the git-ignored .tools/DIR the first time (or when COMMAND or that Node.js is missing), and puts
# its binaries first on PATH. Only the npm registry is needed.
NODE_MAJOR="22"
node_tool() {
  local tools="$PWD/.tools/$1" package="$2" version="$3" command="$4"
  local bin="$tools/node_modules/.bin"
  if [ ! -x "$bin/$command" ] || ! "$bin/node" --version 2>/dev/null | grep -q "^v${NODE_MAJOR}\."; then
    echo "== installing Node.js ${NODE_MAJOR} and ${package}@${version} into .tools/$1"
    mkdir -p "$tools"
    npm install --prefix "$tools" --no-audit --no-fund --loglevel=error "node@${NODE_MAJOR}" "${package}@${version}"
  fi
  export PATH="$bin:$PATH"
}
