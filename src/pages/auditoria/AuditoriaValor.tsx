import Box from '@mui/material/Box';
import { alpha, type Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { referenciaDoCampo, type TipoAuditoria } from '../../../domain/auditoria';
import { formatDate } from '../../components/format';
import { ENUMERACOES, isPlainObject, MASCARAS, referenciaKey, sameValue, stringKind, type Lado } from './auditoria';

/** The current names of the records the page's values name by id (`mapaDeNomes`; null: outside the caller's scope). */
export const NomesContext = createContext<ReadonlyMap<string, string | null>>(new Map());

/** The kind of record whose history the page shows: some kinds name a field otherwise. */
export const TipoAuditoriaContext = createContext<TipoAuditoria | undefined>(undefined);

/**
 * A field's label: the kind's own (`auditoria.camposDoTipo.<tipo>.<campo>`), else
 * `auditoria.campos.<campo>` when the catalog knows it, else the raw name.
 */
export function useCampoLabel(tipo?: TipoAuditoria) {
  const translate = useTranslate();
  const doContexto = useContext(TipoAuditoriaContext);
  const doTipo = tipo ?? doContexto;
  return useCallback(
    (campo: string) => {
      if (campo === '') return translate('auditoria.valorCompleto');
      const geral = translate(`auditoria.campos.${campo}`, { _: campo });
      return doTipo ? translate(`auditoria.camposDoTipo.${doTipo}.${campo}`, { _: geral }) : geral;
    },
    [translate, doTipo],
  );
}

/** What happened, translated (`auditoria.alteracoes.<alteracao>`), else the raw name. */
export function useAlteracaoLabel() {
  const translate = useTranslate();
  return useCallback(
    (alteracao: string) => translate(`auditoria.alteracoes.${alteracao}`, { _: alteracao }),
    [translate],
  );
}

const hasOwn = (map: Readonly<Record<string, unknown>>, key: string | undefined): key is string =>
  key !== undefined && Object.hasOwn(map, key);

/**
 * A value as one line of text in the interface language (table cells, list items, nested values).
 * `campo` is the field holding it: ids of other records read as their names (a removed one as its
 * id, marked removed), documents and phones with their masks, enumerations translated.
 */
export function useValorText() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const campoLabel = useCampoLabel();
  const nomes = useContext(NomesContext);
  const tipo = useContext(TipoAuditoriaContext);
  return useCallback(
    (value: unknown, campo?: string): string => {
      const text = (item: unknown, field?: string): string => {
        if (item === null || item === undefined || item === '') return translate('auditoria.valor.vazio');
        if (Array.isArray(item))
          return item.length === 0 ? translate('auditoria.valor.vazio') : item.map((i) => text(i, field)).join(', ');
        const referencia = field === undefined ? undefined : referenciaDoCampo(field, tipo);
        if (referencia && (typeof item === 'number' || typeof item === 'string')) {
          const nome = nomes.get(referenciaKey(referencia, item));
          if (nome === null) return translate('auditoria.valor.foraDoEscopo', { id: item });
          return nome ?? translate('auditoria.valor.removido', { id: item });
        }
        if (typeof item === 'boolean') return translate(item ? 'ra.boolean.true' : 'ra.boolean.false');
        if (typeof item === 'string') {
          if (hasOwn(MASCARAS, field)) return MASCARAS[field](item);
          if (hasOwn(ENUMERACOES, field)) return translate(`${ENUMERACOES[field]}.${item}`, { _: item });
          const kind = stringKind(item);
          // A date without time is a calendar day: read it in UTC so no time zone shifts it.
          if (kind === 'date') return formatDate(`${item}T00:00:00Z`, locale, { dateStyle: 'short', timeZone: 'UTC' });
          if (kind === 'instant') return formatDate(item, locale, { dateStyle: 'short', timeStyle: 'short' });
          return item;
        }
        if (isPlainObject(item)) {
          // A reference written with its name at the time ({ id, nome }) reads as that name.
          if (typeof item.nome === 'string') return item.nome;
          const entries = Object.entries(item);
          if (entries.length === 0) return translate('auditoria.valor.vazio');
          return entries.map(([key, nested]) => `${campoLabel(key)}: ${text(nested, key)}`).join('; ');
        }
        return String(item);
      };
      return text(value, campo);
    },
    [translate, locale, campoLabel, nomes, tipo],
  );
}

export type MarkKind = 'del' | 'ins';

const markSx = (kind: MarkKind) => (theme: Theme) => ({
  textDecoration: 'none',
  borderRadius: 0.5,
  px: 0.5,
  bgcolor: alpha(kind === 'del' ? theme.palette.error.main : theme.palette.success.main, 0.16),
});

/** A changed value: <del> on the previous side, <ins> on the new one, tinted. */
export function Marked({ kind, children }: { kind: MarkKind; children: ReactNode }) {
  return (
    <Box component={kind} sx={markSx(kind)}>
      {children}
    </Box>
  );
}

/** The side of a change that does not hold the field. */
export function Ausente() {
  const translate = useTranslate();
  return (
    <Typography component="span" color="text.secondary" title={translate('auditoria.valor.ausente')}>
      —
    </Typography>
  );
}

/**
 * One side of a changed field, readable: lists as bullet lists, objects as label/value pairs,
 * highlighting what differs from the other side (items added or removed, keys changed).
 */
export function ValorView({ campo, lado, other, kind }: { campo: string; lado: Lado; other: Lado; kind: MarkKind }) {
  const text = useValorText();
  const campoLabel = useCampoLabel();
  if (lado.absent) return <Ausente />;
  const { value } = lado;
  const otherValue = other.absent ? undefined : other.value;

  if (Array.isArray(value) && value.length > 0) {
    const others = Array.isArray(otherValue) ? otherValue : [];
    return (
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {value.map((item, index) => {
          const changed = !others.some((o) => sameValue(o, item));
          const shown = text(item, campo);
          return <li key={index}>{changed ? <Marked kind={kind}>{shown}</Marked> : shown}</li>;
        })}
      </Box>
    );
  }

  if (isPlainObject(value) && Object.keys(value).length > 0 && typeof value.nome !== 'string') {
    const others = isPlainObject(otherValue) ? otherValue : {};
    return (
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 1 }}>
        {Object.entries(value).map(([key, item]) => {
          const changed = !(key in others) || !sameValue(others[key], item);
          return (
            <Box key={key} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {campoLabel(key)}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                {changed ? <Marked kind={kind}>{text(item, key)}</Marked> : text(item, key)}
              </Typography>
            </Box>
          );
        })}
      </Box>
    );
  }

  const shown = text(value, campo);
  return other.absent || !sameValue(value, otherValue) ? <Marked kind={kind}>{shown}</Marked> : <>{shown}</>;
}
