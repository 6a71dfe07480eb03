window.__APP_CONFIG__ = {};
