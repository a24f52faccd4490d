import { describe, expect, expectTypeOf, it } from 'vitest';
import { USUARIO_INPUT_FIELDS } from '../resources';
import { USUARIO_STEP_FIELDS, type UsuarioFormValues } from './usuario';

describe("a user's input fields", () => {
  it('are one list: the resource table sends the schema’s own fields, the wizard’s first step edits them', () => {
    // A field added to the schema and not to the resource table (or the reverse) fails to compile.
    expectTypeOf<(typeof USUARIO_INPUT_FIELDS)[number]>().toEqualTypeOf<
      Exclude<keyof UsuarioFormValues, 'id' | 'cargos' | 'produtos'>
    >();
    expect(USUARIO_STEP_FIELDS).toEqual([
      [...USUARIO_INPUT_FIELDS.filter((field) => field !== 'version'), 'cargos'],
      ['produtos'],
    ]);
  });
});
