import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { arquivos } from './arquivos';
import { gruposUsuarios } from './gruposUsuarios';
import { version } from './organizacao';
import { usuarios } from './usuarios';

// Slides (the home carousel) and adverts (issue #30): what each shows, its display period, its image
// (an `arquivos` row of the file store's `vitrine` area) and the user groups it is shown to (the
// audience engine decides who is in them). "On display" is `active and inicio <= now() < fim`.

const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const instant = () => timestamp({ withTimezone: true }).notNull();

/** What a slide and an advert both have: title, link, display period, image, state, author. */
const vitrineColumns = () => ({
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  titulo: text().notNull(),
  link: text(),
  /** _self or _blank. */
  linkTarget: text().notNull().default('_self'),
  inicio: instant(),
  fim: instant(),
  arquivoId: integer()
    .notNull()
    .references(() => arquivos.id),
  active: boolean().notNull().default(true),
  autorId: integer()
    .notNull()
    .references(() => usuarios.id),
  createdAt: now(),
  version: version(),
});

/** The indexes and check a slide's and an advert's table both have (`tabela`: its name). */
const vitrineConstraints = (
  tabela: string,
  t: { autorId: AnyPgColumn; arquivoId: AnyPgColumn; inicio: AnyPgColumn; fim: AnyPgColumn },
) => [index().on(t.autorId), index().on(t.arquivoId), check(`${tabela}_periodo`, sql`${t.inicio} < ${t.fim}`)];

export const slides = pgTable(
  'slides',
  {
    ...vitrineColumns(),
    corTitulo: text().notNull(),
    /** px */
    tamanhoTitulo: integer().notNull(),
    subtitulo: text(),
    corSubtitulo: text().notNull(),
    tamanhoSubtitulo: integer().notNull(),
    tituloBotao: text(),
    /** Position in the carousel (smaller first); dense, renumbered when a slide moves. */
    ordem: integer().notNull(),
  },
  (t) => [
    index('slides_exibicao')
      .on(t.ordem, t.id)
      .where(sql`${t.active}`),
    ...vitrineConstraints('slides', t),
  ],
);

export const slideGrupos = pgTable(
  'slide_grupos',
  {
    slideId: integer()
      .notNull()
      .references(() => slides.id, { onDelete: 'cascade' }),
    grupoUsuariosId: integer()
      .notNull()
      .references(() => gruposUsuarios.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.slideId, t.grupoUsuariosId] }), index().on(t.grupoUsuariosId, t.slideId)],
);

export const anuncios = pgTable('anuncios', vitrineColumns(), (t) => [
  index('anuncios_exibicao')
    .on(t.fim)
    .where(sql`${t.active}`),
  ...vitrineConstraints('anuncios', t),
]);

export const anuncioGrupos = pgTable(
  'anuncio_grupos',
  {
    anuncioId: integer()
      .notNull()
      .references(() => anuncios.id, { onDelete: 'cascade' }),
    grupoUsuariosId: integer()
      .notNull()
      .references(() => gruposUsuarios.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.anuncioId, t.grupoUsuariosId] }), index().on(t.grupoUsuariosId, t.anuncioId)],
);

/** The advert last shown to each user (anuncioAleatorio shows another one next time when it can). */
export const anuncioExibicoes = pgTable('anuncio_exibicoes', {
  usuarioId: integer()
    .primaryKey()
    .references(() => usuarios.id, { onDelete: 'cascade' }),
  anuncioId: integer().references(() => anuncios.id, { onDelete: 'set null' }),
  exibidoEm: now(),
});

/**
 * An uploaded slide or advert image: its size in pixels (read when uploaded) and its variant for
 * small screens (a WebP made by the `variantesVitrine` job; a key of the `vitrine` area).
 */
export const vitrineImagens = pgTable('vitrine_imagens', {
  arquivoId: integer()
    .primaryKey()
    .references(() => arquivos.id, { onDelete: 'cascade' }),
  largura: integer().notNull(),
  altura: integer().notNull(),
  mobileChave: text(),
  updatedAt: now(),
});
