import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useLocaleState, useTranslate } from 'react-admin';
import { LineChart } from '../../components/charts';
import { formatDate, formatNumber } from '../../components/format';
import { Numero } from '../../components/Numero';
import { Secao } from '../../components/Secao';
import { RelatorioInterno } from './RelatorioInterno';

interface Linha {
  id: string;
  nivel: 'TIPO' | 'MARCA';
  nome: string;
  total: number;
  ativos: number;
  inativos: number;
  dormentes: number;
  ativacaoEspecial: number;
}
interface Usuarios extends Omit<Linha, 'id' | 'nivel' | 'nome'> {
  porTipo: Linha[];
  porMarca: Linha[];
  semanas: { semana: string; usuarios: number; acessos: number }[];
}

const STATUS = ['ativos', 'inativos', 'dormentes', 'ativacaoEspecial'] as const;
const CHAVE_STATUS = {
  ativos: 'ATIVO',
  inativos: 'INATIVO',
  dormentes: 'DORMENTE',
  ativacaoEspecial: 'ATIVACAO_ESPECIAL',
};
const DESDE_SM = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** A week (its Monday, an ISO date) as the language writes it. */
const semanaDe = (semana: string, locale: string) =>
  formatDate(`${semana}T12:00:00`, locale, { day: '2-digit', month: '2-digit', year: 'numeric' });

/** Users by status, one row per user type or brand. */
function PorStatus({ nivel, linhas }: { nivel: 'TIPO' | 'MARCA'; linhas: Linha[] }) {
  const translate = useTranslate();
  const [locale = 'pt-BR'] = useLocaleState();
  const secao = translate(`relatorios.usuarios.secoes.${nivel}`);
  if (linhas.length === 0) return null;
  return (
    <Secao titulo={secao}>
      <Box sx={{ overflowX: 'auto', minWidth: 0 }}>
        <Table size="small" aria-label={secao}>
          <TableHead>
            <TableRow>
              <TableCell>{translate(`relatorios.usuarios.niveis.${nivel}`)}</TableCell>
              <TableCell align="right">{translate('relatorios.usuarios.total')}</TableCell>
              {STATUS.map((s) => (
                <TableCell key={s} align="right" sx={s === 'ativos' ? undefined : DESDE_SM}>
                  {translate(`relatorios.usuarios.status.${CHAVE_STATUS[s]}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {linhas.map((l) => (
              <TableRow key={l.id}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  {nivel === 'TIPO' ? translate(`tiposUsuario.${l.nome}`) : l.nome}
                </TableCell>
                <TableCell align="right">{formatNumber(l.total, locale)}</TableCell>
                {STATUS.map((s) => (
                  <TableCell key={s} align="right" sx={s === 'ativos' ? undefined : DESDE_SM}>
                    {formatNumber(l[s], locale)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Secao>
  );
}

/** Use per week: a line chart and the table of the same figures. */
function Semanas({ semanas }: { semanas: Usuarios['semanas'] }) {
  const translate = useTranslate();
  const [locale = 'pt-BR'] = useLocaleState();
  const secao = translate('relatorios.usuarios.secoes.SEMANAS');
  if (semanas.length === 0) return null;
  const t = (key: string) => translate(`relatorios.usuarios.${key}`);
  return (
    <Secao titulo={secao}>
      <LineChart
        titulo={t('grafico')}
        descricao={t('graficoDescricao')}
        formatarY={(v) => formatNumber(v, locale)}
        rotulos={semanas.map((s) => semanaDe(s.semana, locale))}
        series={[
          { id: 'usuarios', nome: t('usaram'), valores: semanas.map((s) => s.usuarios), cor: 'primary' },
          {
            id: 'acessos',
            nome: t('acessos'),
            valores: semanas.map((s) => s.acessos),
            cor: 'secondary',
            tracejada: true,
          },
        ]}
      />
      <Box sx={{ overflowX: 'auto', minWidth: 0 }}>
        <Table size="small" aria-label={secao}>
          <TableHead>
            <TableRow>
              <TableCell>{t('semana')}</TableCell>
              <TableCell align="right">{t('usaram')}</TableCell>
              <TableCell align="right">{t('acessos')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {semanas.map((s) => (
              <TableRow key={s.semana}>
                <TableCell>{semanaDe(s.semana, locale)}</TableCell>
                <TableCell align="right">{formatNumber(s.usuarios, locale)}</TableCell>
                <TableCell align="right">{formatNumber(s.acessos, locale)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Secao>
  );
}

/** The totals by status, use per week, then by type and by brand. */
function Figuras({ u }: { u: Usuarios }) {
  const translate = useTranslate();
  const [locale = 'pt-BR'] = useLocaleState();
  return (
    <>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, 1fr)' } }}>
        <Numero rotulo={translate('relatorios.usuarios.total')} valor={formatNumber(u.total, locale)} />
        {STATUS.map((s) => (
          <Numero
            key={s}
            rotulo={translate(`relatorios.usuarios.status.${CHAVE_STATUS[s]}`)}
            valor={formatNumber(u[s], locale)}
          />
        ))}
      </Box>
      <Semanas semanas={u.semanas} />
      <PorStatus nivel="TIPO" linhas={u.porTipo} />
      <PorStatus nivel="MARCA" linhas={u.porMarca} />
    </>
  );
}

/**
 * The built-in Users report (issue #31): the caller's users by status, by user type and by brand,
 * and per week of the period how many used the portal and how many times they signed in (a line
 * chart with its table); CSV and XLSX export.
 */
export default function UsuariosRelatorio({ slug }: { slug: string }) {
  return (
    <RelatorioInterno<Usuarios>
      slug={slug}
      consulta="usuarios"
      exportacao="relatorioUsuarios"
      vazio={(u) => u.total === 0}
    >
      {(u) => <Figuras u={u} />}
    </RelatorioInterno>
  );
}
