import Box from '@mui/material/Box';
import { alpha, type Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useCallback, type ReactNode } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatDate } from '../../components/format';
import { isPlainObject, sameValue, stringKind, type Lado } from './auditoria';

/** A field's label: `auditoria.campos.<campo>` when the catalog knows it, else the raw name. */
export function useCampoLabel() {
  const translate = useTranslate();
  return useCallback(
    (campo: string) =>
      campo === '' ? translate('auditoria.valorCompleto') : translate(`auditoria.campos.${campo}`, { _: campo }),
    [translate],
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

/** A value as one line of text in the interface language (table cells, nested values). */
export function useValorText() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const campoLabel = useCampoLabel();
  return useCallback(
    (value: unknown): string => {
      const text = (item: unknown): string => {
        if (item === null || item === undefined || item === '') return translate('auditoria.valor.vazio');
        if (typeof item === 'boolean') return translate(item ? 'ra.boolean.true' : 'ra.boolean.false');
        if (typeof item === 'string') {
          const kind = stringKind(item);
          // A date without time is a calendar day: read it in UTC so no time zone shifts it.
          if (kind === 'date') return formatDate(`${item}T00:00:00Z`, locale, { dateStyle: 'short', timeZone: 'UTC' });
          if (kind === 'instant') return formatDate(item, locale, { dateStyle: 'short', timeStyle: 'short' });
          return item;
        }
        if (Array.isArray(item))
          return item.length === 0 ? translate('auditoria.valor.vazio') : item.map(text).join(', ');
        if (isPlainObject(item)) {
          const entries = Object.entries(item);
          if (entries.length === 0) return translate('auditoria.valor.vazio');
          return entries.map(([key, nested]) => `${campoLabel(key)}: ${text(nested)}`).join('; ');
        }
        return String(item);
      };
      return text(value);
    },
    [translate, locale, campoLabel],
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
export function ValorView({ lado, other, kind }: { lado: Lado; other: Lado; kind: MarkKind }) {
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
          return <li key={index}>{changed ? <Marked kind={kind}>{text(item)}</Marked> : text(item)}</li>;
        })}
      </Box>
    );
  }

  if (isPlainObject(value) && Object.keys(value).length > 0) {
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
                {changed ? <Marked kind={kind}>{text(item)}</Marked> : text(item)}
              </Typography>
            </Box>
          );
        })}
      </Box>
    );
  }

  const shown = text(value);
  return other.absent || !sameValue(value, otherValue) ? <Marked kind={kind}>{shown}</Marked> : <>{shown}</>;
}
