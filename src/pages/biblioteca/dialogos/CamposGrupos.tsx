import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import { useTranslate } from 'react-admin';
import type { PermissaoAcessoPasta } from '../../../../domain/biblioteca';
import { GrupoUsuariosSelector, type GrupoUsuariosRef } from '../../../components/gruposUsuarios';
import type { PermissaoPasta } from '../tipos';

/** A folder's groups as the dialogs edit them: who reads, who reads and writes. */
export interface GruposPasta {
  leitura: GrupoUsuariosRef[];
  escrita: GrupoUsuariosRef[];
}

export const SEM_GRUPOS: GruposPasta = { leitura: [], escrita: [] };

/** A folder's own permission list as the dialogs' groups. */
export function gruposDaPasta(permissoes: readonly PermissaoPasta[]): GruposPasta {
  const de = (nivel: PermissaoAcessoPasta) =>
    permissoes
      .filter((p) => p.permissaoAcessoPasta.id === nivel)
      .map((p) => ({ id: String(p.grupoUsuarios.id), nome: p.grupoUsuarios.nome, favorito: p.grupoUsuarios.favorito }));
  return { leitura: de('LEITURA'), escrita: de('LEITURA_ESCRITA') };
}

/** The groups as the API takes them (tiposAcesso). */
export const tiposAcessoDe = (grupos: GruposPasta) => [
  ...grupos.leitura.map((g) => ({ idGrupoAcesso: g.id, permissao: 'LEITURA' as const })),
  ...grupos.escrita.map((g) => ({ idGrupoAcesso: g.id, permissao: 'LEITURA_ESCRITA' as const })),
];

/**
 * The user groups of a folder, each with read (LEITURA) or read and write (LEITURA_ESCRITA),
 * chosen with the shared user-group selector: a group chosen in one list is not offered in the other.
 */
export function CamposGrupos({
  value,
  onChange,
  erro,
}: {
  value: GruposPasta;
  onChange: (grupos: GruposPasta) => void;
  /** i18n key of an error of the whole list (e.g. a public folder without groups). */
  erro?: string;
}) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
      <GrupoUsuariosSelector
        label="biblioteca.grupos.leitura"
        value={value.leitura}
        onChange={(leitura) => onChange({ ...value, leitura })}
        excludeIds={value.escrita.map((g) => g.id)}
        showCount={false}
        error={Boolean(erro)}
      />
      <GrupoUsuariosSelector
        label="biblioteca.grupos.escrita"
        value={value.escrita}
        onChange={(escrita) => onChange({ ...value, escrita })}
        excludeIds={value.leitura.map((g) => g.id)}
        showCount={false}
        error={Boolean(erro)}
      />
      {erro && (
        <FormHelperText error role="alert">
          {translate(erro)}
        </FormHelperText>
      )}
    </Box>
  );
}
