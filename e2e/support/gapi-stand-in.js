/*
 * A local stand-in for https://apis.google.com/js/api.js, served by the browser tests in its
 * place. It implements only what Firebase Auth's popup sign-in and the Auth emulator's helper
 * iframe use of gapi:
 *
 *   gapi.load('gapi.iframes', { callback })
 *   gapi.iframes.getContext().open({ where, url, attributes }, onReady)   (the app's side)
 *     -> iframe.restyle(), iframe.ping(cb), iframe.register(name, handler), iframe.send(name, data, cb)
 *   gapi.iframes.getContext().getParentIframe()                             (the iframe's side)
 *     -> register(name, handler), send(name, data, cb)
 *   gapi.iframes.CROSS_ORIGIN_IFRAMES_FILTER
 *
 * Both sides talk with window.postMessage. A call answers with [handler's result], as gapi does.
 * Calls that arrive before their handler is registered wait for it.
 * When loaded it runs the `onload` callback named in its URL, or window.gapi_onload.
 */
(function () {
  'use strict';
  if (window.gapi && window.gapi.iframes) return;

  var MARK = '__gapiStandIn';
  var FILTER = { standIn: 'CROSS_ORIGIN_IFRAMES_FILTER' };
  var channels = []; // { peer: Window, channel }

  function Channel(peer) {
    this.peer = peer;
    this.handlers = {};
    this.waiting = [];
    this.replies = {};
    this.nextId = 1;
    this.ready = false;
    this.readyCallbacks = [];
  }

  Channel.prototype.post = function (message) {
    message[MARK] = true;
    this.peer.postMessage(message, '*');
  };

  Channel.prototype.register = function (name, handler) {
    this.handlers[name] = handler;
    var waiting = this.waiting;
    this.waiting = [];
    for (var i = 0; i < waiting.length; i++) this.receive(waiting[i]);
  };

  Channel.prototype.send = function (name, data, callback) {
    var id = this.nextId++;
    if (typeof callback === 'function') this.replies[id] = callback;
    this.post({ kind: 'call', id: id, name: name, data: data });
  };

  Channel.prototype.whenReady = function (callback) {
    if (this.ready) callback();
    else this.readyCallbacks.push(callback);
  };

  Channel.prototype.receive = function (message) {
    if (message.kind === 'ready') {
      this.ready = true;
      var callbacks = this.readyCallbacks;
      this.readyCallbacks = [];
      for (var i = 0; i < callbacks.length; i++) callbacks[i]();
      return;
    }
    if (message.kind === 'call') {
      var handler = this.handlers[message.name];
      if (!handler) {
        this.waiting.push(message);
        return;
      }
      var result;
      try {
        result = handler(message.data);
      } catch (error) {
        console.error('gapi stand-in: handler for ' + message.name + ' failed', error);
      }
      this.post({ kind: 'reply', id: message.id, result: [result] });
      return;
    }
    if (message.kind === 'reply') {
      var reply = this.replies[message.id];
      delete this.replies[message.id];
      if (!reply) return;
      try {
        reply(message.result);
      } catch (error) {
        // Firebase throws from some callbacks on purpose; keep the channel alive.
        console.warn('gapi stand-in: reply callback threw', error);
      }
    }
  };

  function channelFor(peer) {
    for (var i = 0; i < channels.length; i++) if (channels[i].peer === peer) return channels[i].channel;
    var channel = new Channel(peer);
    channels.push({ peer: peer, channel: channel });
    return channel;
  }

  window.addEventListener('message', function (event) {
    var message = event.data;
    if (!message || typeof message !== 'object' || message[MARK] !== true || !event.source) return;
    channelFor(event.source).receive(message);
  });

  function applyAttributes(element, attributes) {
    Object.keys(attributes || {}).forEach(function (name) {
      var value = attributes[name];
      if (name === 'style' && value && typeof value === 'object') {
        Object.keys(value).forEach(function (property) {
          element.style[property] = value[property];
        });
      } else {
        element.setAttribute(name, String(value));
      }
    });
  }

  var context = {
    /** The app's side: embed the helper iframe and talk to it. */
    open: function (options, onReady) {
      var frame = document.createElement('iframe');
      applyAttributes(frame, options.attributes);
      frame.src = options.url;
      (options.where || document.body).appendChild(frame);
      var channel = channelFor(frame.contentWindow);
      var iframe = {
        getIframeEl: function () {
          return frame;
        },
        restyle: function () {
          return Promise.resolve();
        },
        ping: function (callback) {
          return new Promise(function (resolve) {
            channel.whenReady(function () {
              if (typeof callback === 'function') callback([]);
              resolve([]);
            });
          });
        },
        register: function (name, handler) {
          channel.register(name, handler);
        },
        send: function (name, data, callback) {
          channel.send(name, data, callback);
        },
      };
      return Promise.resolve(typeof onReady === 'function' ? onReady(iframe) : iframe);
    },
    /** The iframe's side: the page that embedded it. */
    getParentIframe: function () {
      var channel = channelFor(window.parent);
      // After the caller's synchronous register() calls, say that this side is listening.
      setTimeout(function () {
        channel.post({ kind: 'ready' });
      }, 0);
      return {
        register: function (name, handler) {
          channel.register(name, handler);
        },
        send: function (name, data, callback) {
          channel.send(name, data, callback);
        },
      };
    },
  };

  window.gapi = window.gapi || {};
  window.gapi.iframes = {
    CROSS_ORIGIN_IFRAMES_FILTER: FILTER,
    Iframe: function () {},
    getContext: function () {
      return context;
    },
  };
  window.gapi.load = function (features, options) {
    var callback = typeof options === 'function' ? options : options && options.callback;
    setTimeout(function () {
      if (callback) callback();
    }, 0);
  };

  var script = document.currentScript;
  var onload = script && script.src ? new URL(script.src).searchParams.get('onload') : null;
  setTimeout(function () {
    if (onload && typeof window[onload] === 'function') window[onload]();
    else if (typeof window.gapi_onload === 'function') window.gapi_onload();
  }, 0);
})();
