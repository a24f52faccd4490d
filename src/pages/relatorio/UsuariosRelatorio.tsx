import Box from '@mui/material/Box';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatNumber } from '../../components/format';
import { Numero } from '../../components/Numero';
import { Secao } from '../../components/Secao';
import { PorSemana } from './PorSemana';
import { RelatorioInterno } from './RelatorioInterno';
import { TabelaRelatorio } from './TabelaRelatorio';

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

/** Users by status, one row per user type or brand. */
function PorStatus({ nivel, linhas }: { nivel: 'TIPO' | 'MARCA'; linhas: Linha[] }) {
  const translate = useTranslate();
  const [locale = 'pt-BR'] = useLocaleState();
  const secao = translate(`relatorios.usuarios.secoes.${nivel}`);
  if (linhas.length === 0) return null;
  return (
    <Secao titulo={secao}>
      <TabelaRelatorio
        titulo={secao}
        linhas={linhas}
        chave={(l) => l.id}
        colunas={[
          {
            id: 'nome',
            rotulo: translate(`relatorios.usuarios.niveis.${nivel}`),
            valor: (l) => (nivel === 'TIPO' ? translate(`tiposUsuario.${l.nome}`) : l.nome),
            nome: true,
          },
          {
            id: 'total',
            rotulo: translate('relatorios.usuarios.total'),
            valor: (l) => formatNumber(l.total, locale),
            numero: true,
          },
          ...STATUS.map((k) => ({
            id: k,
            rotulo: translate(`relatorios.usuarios.status.${CHAVE_STATUS[k]}`),
            valor: (l: Linha) => formatNumber(l[k], locale),
            numero: true,
          })),
        ]}
      />
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
      <PorSemana
        textos="relatorios.usuarios"
        semanas={u.semanas}
        colunas={[
          { valor: 'usuarios', rotulo: 'usaram' },
          { valor: 'acessos', rotulo: 'acessos' },
        ]}
      />
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
