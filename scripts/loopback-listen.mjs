// Preloaded into supergateway (NODE_OPTIONS=--import) by scripts/conformance.sh: supergateway
// listens on every interface and has no option for the address, while the tests listen on
// loopback only. A listen on a bare port becomes a listen on 127.0.0.1; nothing else changes.
import net from 'node:net';

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  if (typeof args[0] === 'number' && typeof args[1] !== 'string') {
    args.splice(1, 0, '127.0.0.1');
  }
  return listen.apply(this, args);
};
