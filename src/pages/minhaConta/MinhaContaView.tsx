import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { AusenciaButton } from '../../components/AusenciaButton';
import { formatCount } from '../../components/format';
import { initials, type MinhaConta } from './minhaConta';

const t = (key: string) => `pages.minhaConta.${key}`;

export function Section({ title, count, children }: { title: string; count?: string; children: ReactNode }) {
  const id = `minha-conta-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Box component="section" aria-labelledby={id}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, mb: 1 }}>
        <Typography id={id} variant="h6" component="h2">
          {title}
        </Typography>
        {count && (
          <Typography variant="body2" color="text.secondary">
            {count}
          </Typography>
        )}
      </Box>
      {children}
    </Box>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <Typography color="text.secondary">{children}</Typography>;
}

/**
 * The signed-in user's data: identity, avatar, language, brands, products and dealers. `avatarActions`
 * goes under the avatar (upload), `avatarPreview` replaces its image meanwhile, and `children` are
 * further sections (language, password, sessions).
 */
export function MinhaContaView({
  usuario,
  avatarActions,
  avatarPreview,
  children,
}: {
  usuario: MinhaConta;
  avatarActions?: ReactNode;
  avatarPreview?: string | null;
  children?: ReactNode;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const count = (key: string, n: number) => formatCount(translate, t(key), n, locale);

  const fields: [string, ReactNode][] = [
    [t('nome'), usuario.nome],
    [t('email'), usuario.email],
    [t('tipo'), translate(`tiposUsuario.${usuario.tipo.id}`)],
    [t('idioma'), translate(`languages.${usuario.idioma.id}`)],
  ];

  return (
    <Stack spacing={3} divider={<Divider flexItem />}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 3, flexWrap: 'wrap' }}>
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 1, minWidth: 0 }}>
          <Avatar
            src={avatarPreview || usuario.avatarLink || undefined}
            alt={usuario.nome}
            sx={{ width: 88, height: 88, fontSize: 32 }}
          >
            {initials(usuario.nome)}
          </Avatar>
          {avatarActions}
        </Box>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
            columnGap: 3,
            rowGap: 1,
          }}
        >
          {fields.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {translate(label)}
              </Typography>
              <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        {/* The user's own temporary absences, for holders of PORTAL_AUSENCIA_TEMPORARIA. */}
        <AusenciaButton id={usuario.id} />
      </Box>

      <Section title={translate(t('marcas'))} count={count('marcasCount', usuario.marcas.length)}>
        {usuario.marcas.length === 0 ? (
          <Empty>{translate(t('emptyMarcas'))}</Empty>
        ) : (
          <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, m: 0, p: 0, listStyle: 'none' }}>
            {usuario.marcas.map((marca) => (
              <li key={marca.id}>
                <Chip label={marca.nome} />
              </li>
            ))}
          </Box>
        )}
      </Section>

      <Section title={translate(t('produtos'))} count={count('produtosCount', usuario.produtos.length)}>
        {usuario.produtos.length === 0 ? (
          <Empty>{translate(t('emptyProdutos'))}</Empty>
        ) : (
          <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, m: 0, p: 0, listStyle: 'none' }}>
            {usuario.produtos.map((produto) => (
              <li key={produto.id}>
                <Chip label={produto.nome} variant="outlined" />
              </li>
            ))}
          </Box>
        )}
      </Section>

      <Section title={translate(t('dealers'))} count={count('dealersCount', usuario.dealers.length)}>
        {usuario.dealers.length === 0 ? (
          <Empty>{translate(t('emptyDealers'))}</Empty>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={translate(t('dealers'))}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate(t('dealer'))}</TableCell>
                  <TableCell>{translate(t('grupo'))}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {usuario.dealers.map((dealer) => (
                  <TableRow key={dealer.id}>
                    <TableCell>{dealer.nomeExibicao}</TableCell>
                    <TableCell>
                      {dealer.grupo?.nome ?? (
                        <Typography component="span" variant="body2" color="text.secondary">
                          {translate(t('noGrupo'))}
                        </Typography>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </Section>
      {children}
    </Stack>
  );
}
