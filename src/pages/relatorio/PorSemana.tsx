import Typography from '@mui/material/Typography';
import { useLocaleState, useTranslate } from 'react-admin';
import { LineChart } from '../../components/charts';
import { formatDate, formatNumber } from '../../components/format';
import { Secao } from '../../components/Secao';
import { TabelaRelatorio } from './TabelaRelatorio';

/** A week (its Monday, an ISO date) as the language writes it. */
const semanaDe = (semana: string, locale: string) =>
  formatDate(`${semana}T12:00:00`, locale, { day: '2-digit', month: '2-digit', year: 'numeric' });

/**
 * A report's figures per week of the period: two lines (the second dashed, told apart without
 * colour) and the table of the same figures, its text alternative. `textos` is the report's i18n
 * prefix: `secoes.SEMANAS`, `semana`, `grafico`, `graficoDescricao`, `semanasVazio` (a period without
 * any, said in words) and each column's key. Every week of the period comes, the quiet ones with zeros.
 */
export function PorSemana<S extends { semana: string }>({
  textos,
  semanas,
  colunas,
}: {
  textos: string;
  semanas: readonly S[];
  /** The two figures of a week: the property, its i18n key under `textos`. */
  colunas: readonly [{ valor: keyof S; rotulo: string }, { valor: keyof S; rotulo: string }];
}) {
  const translate = useTranslate();
  const [locale = 'pt-BR'] = useLocaleState();
  const t = (key: string) => translate(`${textos}.${key}`);
  const secao = t('secoes.SEMANAS');
  // The server lists every week of the period, a quiet one with zeros: a period without any is said in words.
  if (semanas.every((s) => colunas.every((c) => Number(s[c.valor]) === 0))) {
    return (
      <Secao titulo={secao}>
        <Typography variant="body2" color="text.secondary">
          {t('semanasVazio')}
        </Typography>
      </Secao>
    );
  }
  const valores = (valor: keyof S) => semanas.map((s) => Number(s[valor]));
  return (
    <Secao titulo={secao}>
      <LineChart
        titulo={t('grafico')}
        descricao={t('graficoDescricao')}
        formatarY={(v) => formatNumber(v, locale)}
        rotulos={semanas.map((s) => semanaDe(s.semana, locale))}
        series={colunas.map((c, i) => ({
          id: String(c.valor),
          nome: t(c.rotulo),
          valores: valores(c.valor),
          cor: i === 0 ? 'primary' : 'secondary',
          tracejada: i === 1,
        }))}
      />
      <TabelaRelatorio
        titulo={secao}
        linhas={semanas}
        chave={(s) => s.semana}
        colunas={[
          { id: 'semana', rotulo: t('semana'), valor: (s) => semanaDe(s.semana, locale) },
          ...colunas.map((c) => ({
            id: String(c.valor),
            rotulo: t(c.rotulo),
            valor: (s: S) => formatNumber(Number(s[c.valor]), locale),
            numero: true,
          })),
        ]}
      />
    </Secao>
  );
}
