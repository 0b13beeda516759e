# Shared by scripts/run, scripts/test and scripts/fuzz: installing what is missing.
# Sourced, not run.

# Debian packages the build needs.
MUSTER_BUILD_PACKAGES="cmake make gcc g++ pkg-config git libhdf5-dev libdeflate-dev libcyaml-dev libyaml-dev libopenmpi-dev openmpi-bin"
# Packages the analysis (Python) needs.
MUSTER_PYTHON_PACKAGES="python3 python3-h5py python3-numpy python3-pandas python3-matplotlib python3-scipy python3-yaml python3-xarray"
# Packages only the test suite and the benchmarks need: cmocka, zlib (tests/h5
# inflates chunks by hand), the libpcg-cpp cross-check, dieharder,
# h5diff/h5dump, pytest, xarray's h5netcdf engine, and the tsan preset's clang
# with its OpenMP and sanitizer runtimes, and chromium for the HTML report's
# browser test.
MUSTER_TEST_PACKAGES="libcmocka-dev zlib1g-dev libpcg-cpp-dev dieharder hdf5-tools python3-pytest python3-h5netcdf clang libomp-dev libclang-rt-14-dev chromium"
# Packages scripts/fuzz needs on top of the build's: clang with its OpenMP
# runtime, and libclang-rt-14-dev, which holds libFuzzer
# (libclang_rt.fuzzer*.a) and the sanitizer runtimes. The test suite needs
# them too (tsan preset), hence also above; scripts/fuzz does not need
# the rest of the test list (its build has no cmocka tests).
MUSTER_FUZZ_PACKAGES="clang libomp-dev libclang-rt-14-dev"

# ensure_packages PKG...: installs the packages that are not installed yet,
# quietly; prints nothing when all are there. Needs root to install.
ensure_packages() {
    local missing=() pkg
    for pkg in "$@"; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    if [ "$(id -u)" -ne 0 ]; then
        echo "muster: missing Debian packages: ${missing[*]} (run as root to install them)" >&2
        return 1
    fi
    echo "muster: installing ${missing[*]}" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# Warnings are errors in CI.
if [ "${CI:-}" = "true" ]; then
    export MUSTER_WERROR=ON
fi
