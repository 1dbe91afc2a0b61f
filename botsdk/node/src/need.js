'use strict';
// need: the SDK's dependencies, with the step that installs them when they are missing.

// need requires the package name, or throws an Error saying to run npm ci in botsdk/node when it is
// not installed: a bot that required the SDK before that got Node's bare "Cannot find module
// '@grpc/grpc-js'" (a bot author's trial).
function need(name) {
  try {
    return require(name);
  } catch (err) {
    if (err && err.code === 'MODULE_NOT_FOUND' && String(err.message).includes(`'${name}'`)) {
      throw new Error(`bezique-bot needs ${name}, which is not installed: run npm ci in botsdk/node (its README)`, { cause: err });
    }
    throw err;
  }
}

module.exports = { need };
