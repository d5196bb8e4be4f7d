/**
 * Debian programs of the wide corpus built on parsers of other languages and toolchains: LLVM's cl::opt,
 * gcc's driver, boost program_options, Perl's Getopt::Long, Python's argparse, optparse, click and docopt,
 * Haskell's GetOpt, Go's cobra, flag and urfave/cli, Rust's clap and lexopt, and git's parse-options.
 * Same format as programs-debian.ts: `name bin family package`.
 */
export const DEBIAN_LANGUAGES_TABLE = `
# LLVM's cl::opt
llvm-objdump - llvm-cl llvm-14
llvm-nm - llvm-cl llvm-14
llvm-readelf - llvm-cl llvm-14
llvm-size - llvm-cl llvm-14
llvm-strings - llvm-cl llvm-14
llvm-cxxfilt - llvm-cl llvm-14
llvm-dwarfdump - llvm-cl llvm-14
llvm-as - llvm-cl llvm-14
llvm-dis - llvm-cl llvm-14
llvm-profdata - llvm-cl llvm-14
llvm-mc - llvm-cl llvm-14
# gcc's own driver, boost program_options
gcc - custom gcc
cpp - custom cpp
heaptrack_print - boost-po heaptrack
# Perl's Getopt::Long
prove - perl-getopt-long perl
pod2man - perl-getopt-long perl
pod2text - perl-getopt-long perl
pod2html - perl-getopt-long perl
podchecker - perl-getopt-long perl
json_pp - perl-getopt-long perl
shasum - perl-getopt-long perl
perldoc - perl-getopt-long perl
ack - perl-getopt-long ack
cloc - perl-getopt-long cloc
parallel - perl-getopt-long parallel
rename - perl-getopt-long rename
colordiff - custom colordiff
dpkg-deb - custom dpkg
dpkg-query - custom dpkg
dpkg-architecture - perl-getopt-long dpkg-dev
dpkg-parsechangelog - perl-getopt-long dpkg-dev
dpkg-buildflags - perl-getopt-long dpkg-dev
lsb_release - optparse lsb-release
# Python parsers
yamllint - argparse yamllint
pycodestyle - optparse pycodestyle
black - click black
pygmentize /usr/bin/pygmentize custom python3-pygments
yq - argparse yq
xq-python - argparse yq
http - argparse httpie
csvcut - argparse csvkit
csvlook - argparse csvkit
csvstat - argparse csvkit
csvgrep - argparse csvkit
in2csv - argparse csvkit
flake8 - argparse flake8
isort - argparse isort
trash-put - argparse trash-cli
trash-list - argparse trash-cli
csvsort - argparse csvkit
rst2html - optparse python3-docutils
rst2man - optparse python3-docutils
markdown_py - optparse python3-markdown
mkdocs - click mkdocs
gitlint - click gitlint
cookiecutter - click cookiecutter
sqlite-utils - click sqlite-utils
jc - custom jc
yt-dlp - optparse yt-dlp
pre-commit - argparse pre-commit
docker-compose - docopt docker-compose
register-python-argcomplete - argparse python3-argcomplete
# Haskell's GetOpt
pandoc - haskell-getopt pandoc
shellcheck - haskell-getopt shellcheck
# Go: cobra/pflag, the flag package, urfave/cli
gh - cobra gh
git-lfs - cobra git-lfs
rclone - cobra rclone
restic - cobra restic
kubectl - cobra kubectl
hugo - cobra hugo
skopeo - cobra skopeo
etcdctl - cobra etcd-client
mlr - custom miller
shfmt - go-flag shfmt
age - go-flag age
age-keygen - go-flag age
mkcert - go-flag mkcert
gron - go-flag gron
gopass - urfave-cli gopass
# Rust: clap, lexopt
rg - lexopt ripgrep
fdfind - clap fd-find
hyperfine - clap hyperfine
batcat - clap bat
hexyl - clap hexyl
sd - clap sd
lsd - clap lsd
exa - custom exa
vivid - clap vivid
tldr - clap tealdeer
zoxide - clap zoxide
# git's parse-options
git - git-parse-options git
`;
