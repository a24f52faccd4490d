import '@testing-library/jest-dom/vitest';
import { withEmotionCache, type EmotionCache } from '@emotion/react';
import { cleanup, configure, render } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import { createElement } from 'react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { setAccessTokenGetter } from '../providers/dataProvider/graphqlRequest';

// Lazy pages load their chunk first: under a full parallel run on two cores that can pass 1 s.
configure({ asyncUtilTimeout: 5000 });

/** Emotion's default cache, the one MUI's styled components write their rules through. */
let emotionCache: EmotionCache | undefined;
beforeAll(() => {
  const Probe = withEmotionCache((_props: object, cache: EmotionCache) => {
    emotionCache = cache;
    return null;
  });
  render(createElement(Probe)).unmount();
});

/**
 * After each test, unmount what it rendered, then empty Emotion's cache: it keeps one <style> per
 * rule ever inserted, and happy-dom matches every rule against every element it computes a style
 * for (Testing Library's role queries do so for each candidate), so a file's later tests (and,
 * with isolation off, later files) got slower and slower. With nothing mounted no rule is in use;
 * the next render inserts its own again, as on a fresh page.
 */
afterEach(() => {
  cleanup();
  if (emotionCache) {
    emotionCache.sheet.flush();
    for (const name of Object.keys(emotionCache.inserted)) delete emotionCache.inserted[name];
  }
});

/**
 * Each file starts on a page as fresh as isolation would give it, also when a worker runs its files
 * one after another in one window and module graph (isolate: false in vitest.config.ts): what a
 * file can leave on the page or in a module is put back after it.
 */
const START_URL = window.location.href;
afterAll(() => {
  vi.useRealTimers();
  // A BrowserRouter leaves { idx } in history.state; BackButton reads it to decide on a back step.
  window.history.replaceState(null, '', START_URL);
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0].trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  // DocumentTitle writes the title; the language and the tour write lang and dir on <html>.
  document.title = '';
  document.head.querySelectorAll('title').forEach((title) => title.remove());
  for (const { name } of [...document.documentElement.attributes]) document.documentElement.removeAttribute(name);
  for (const { name } of [...document.body.attributes]) document.body.removeAttribute(name);
  document.body.replaceChildren();
  // main.tsx sets it at start-up; a test file sets its own.
  setAccessTokenGetter(async () => null);
  // A test that forces TanStack Query's focus (to refetch) would leave every later poll "focused".
  focusManager.setFocused(undefined);
});
