// The browser comes from the system (Debian's chromium); never download one.
module.exports = { skipDownload: true };
