import { describe, expect, it } from 'vitest';
import { describeUserAgent } from './userAgent';
import { isExcludedBrowser, keyBytes } from './pushSupport';

const UA = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
  chromeIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/140.0 Mobile/15E148 Safari/604.1',
};

describe('the browser family without Web Push (Apple WebKit)', () => {
  it('excludes Safari and every browser on iPhone, and no Chromium or Firefox', () => {
    expect(isExcludedBrowser(UA.safariMac)).toBe(true);
    expect(isExcludedBrowser(UA.chromeIphone)).toBe(true);
    for (const ua of [UA.chromeWindows, UA.edge, UA.chromeAndroid, UA.firefox])
      expect(isExcludedBrowser(ua)).toBe(false);
  });
});

describe('describeUserAgent', () => {
  it('names the browser and the system of a device', () => {
    expect(describeUserAgent(UA.chromeWindows)).toEqual({ navegador: 'Chrome', sistema: 'Windows' });
    expect(describeUserAgent(UA.edge)).toEqual({ navegador: 'Edge', sistema: 'Windows' });
    expect(describeUserAgent(UA.chromeAndroid)).toEqual({ navegador: 'Chrome', sistema: 'Android' });
    expect(describeUserAgent(UA.firefox)).toEqual({ navegador: 'Firefox', sistema: 'Linux' });
    expect(describeUserAgent(UA.safariMac)).toEqual({ navegador: 'Safari', sistema: 'macOS' });
    expect(describeUserAgent(null)).toEqual({ navegador: undefined, sistema: undefined });
  });
});

it('turns the base64url VAPID key into its bytes', () => {
  const bytes = Uint8Array.from({ length: 65 }, (_, i) => (i * 37) % 256);
  const base64url = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  expect(Array.from(keyBytes(base64url))).toEqual(Array.from(bytes));
});
