import { graphql, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { es } from '../i18n/es';
import { ptBR } from '../i18n/pt-BR';
import { setAccessTokenGetter } from './dataProvider';
import {
  createCatalogI18nProvider,
  createI18nProvider,
  fetchServerLabels,
  loadServerLabels,
  mergeLabels,
} from './i18nProvider';

const api = graphql.link(new URL('/graphql', window.location.origin).href);
const labelRequests: unknown[] = [];
const server = setupServer(
  api.query('i18nLabels', ({ variables }) => {
    labelRequests.push(variables.idioma);
    const byLanguage: Record<string, { key: string; value: string }[]> = {
      PT_BR: [{ key: 'shell.account.signOut', value: 'Encerrar sessão' }],
      EN: [
        { key: 'shell.account.signOut', value: 'Log off' },
        { key: 'portal.extra.hint', value: 'Only on the server' },
      ],
    };
    return HttpResponse.json({ data: { i18nLabels: byLanguage[variables.idioma as string] ?? [] } });
  }),
);

beforeAll(() => {
  setAccessTokenGetter(async () => null);
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => {
  server.resetHandlers();
  labelRequests.length = 0;
});
afterAll(() => server.close());

describe('i18nProvider', () => {
  it('starts in pt-BR by default and lists the three languages', () => {
    const i18n = createI18nProvider();
    expect(i18n.getLocale()).toBe('pt-BR');
    expect(i18n.translate('shell.account.signOut')).toBe('Sair');
    expect(i18n.getLocales?.()).toEqual([
      { locale: 'pt-BR', name: 'Português' },
      { locale: 'es', name: 'Español' },
      { locale: 'en', name: 'English' },
    ]);
  });

  it('starts in the stored language and fills placeholders', () => {
    const i18n = createI18nProvider({ idioma: 'ES' });
    expect(i18n.getLocale()).toBe('es');
    expect(i18n.translate('home.welcome', { nome: 'Ana' })).toBe('Hola, Ana');
  });

  it('shows the key of a missing message', () => {
    expect(createI18nProvider().translate('nao.existe')).toBe('nao.existe');
  });

  it("merges the server's labels over the catalog", async () => {
    const labels = await loadServerLabels('PT_BR', fetchServerLabels());
    const i18n = createI18nProvider({ idioma: 'PT_BR', labels });
    expect(i18n.translate('shell.account.signOut')).toBe('Encerrar sessão');
    expect(i18n.translate('home.language')).toBe('Idioma');
  });

  it("switches language with that language's server labels, and reports the switch", async () => {
    const onLocaleChange = vi.fn();
    const i18n = createI18nProvider({ idioma: 'PT_BR', loadLabels: fetchServerLabels(), onLocaleChange });
    await i18n.changeLocale('en');
    expect(i18n.getLocale()).toBe('en');
    expect(labelRequests).toEqual(['EN']);
    expect(i18n.translate('shell.account.signOut')).toBe('Log off');
    expect(i18n.translate('portal.extra.hint')).toBe('Only on the server');
    expect(i18n.translate('home.language')).toBe('Language');
    expect(onLocaleChange).toHaveBeenCalledWith('EN');
  });

  it('uses the bundled catalog alone when the labels cannot be loaded', async () => {
    server.use(api.query('i18nLabels', () => HttpResponse.json({ errors: [{ message: 'down' }] })));
    const log = vi.fn();
    const i18n = createI18nProvider({ idioma: 'PT_BR', loadLabels: fetchServerLabels(), log });
    await i18n.changeLocale('es');
    expect(i18n.translate('shell.account.signOut')).toBe('Salir');
    expect(log).toHaveBeenCalledTimes(1);
  });
});

describe('createCatalogI18nProvider', () => {
  it("starts with the stored language's catalog alone and loads another one when switching to it", async () => {
    const loadCatalog = vi.fn(async () => es);
    const i18n = createCatalogI18nProvider({ idioma: 'PT_BR', catalog: ptBR, loadCatalog });
    expect(i18n.translate('shell.account.signOut')).toBe('Sair');
    expect(i18n.getLocales?.().map((l) => l.name)).toEqual(['Português', 'Español', 'English']);
    expect(loadCatalog).not.toHaveBeenCalled();
    await i18n.changeLocale('es');
    expect(loadCatalog).toHaveBeenCalledExactlyOnceWith('ES');
    expect(i18n.translate('shell.account.signOut')).toBe('Salir');
  });
});

describe('mergeLabels', () => {
  it('sets dotted keys without touching the original catalog', () => {
    const merged = mergeLabels(ptBR, [{ key: 'routes.home', value: 'Início' }]) as unknown as typeof ptBR;
    expect(merged.routes.home).toBe('Início');
    expect(ptBR.routes.home).toBe('Home');
  });

  it('ignores a label that would replace a whole branch or go through a message', () => {
    const merged = mergeLabels(ptBR, [
      { key: 'home', value: 'x' },
      { key: 'home.welcome.deeper', value: 'y' },
    ]) as unknown as typeof ptBR;
    expect(merged.home.welcome).toBe(ptBR.home.welcome);
  });
});
