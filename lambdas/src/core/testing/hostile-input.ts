/**
 * Keys that name members of Object.prototype (or are special to it): request-controlled keys
 * (query keys, body keys, usernames, identifiers) the tests send to prove they stay plain names.
 */
export const PROTOTYPE_KEYS: readonly string[] = [
  '__proto__',
  'constructor',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
  'prototype',
];
