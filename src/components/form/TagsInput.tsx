import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import { useId, useState, type KeyboardEvent } from 'react';
import { useInput, useTranslate, ValidationError } from 'react-admin';
import { get, useFormState } from 'react-hook-form';

export interface TagsInputProps {
  source: string;
  label: string;
  /** Shapes what is typed, e.g. a phone or CNPJ mask. */
  mask?: (value: string) => string;
  /** The catalog key of what is wrong with a new tag, or null (checked before it is added). */
  tagError?: (value: string) => string | null;
  /** How a stored tag is shown (e.g. digits with their mask). */
  display?: (value: string) => string;
  isRequired?: boolean;
  helperText?: string;
}

/** The first error of the list or of one of its entries, as react-admin's message. */
function listError(errors: unknown): { message: string; index?: number } | undefined {
  if (!errors) return undefined;
  const own = errors as { message?: string };
  if (typeof own.message === 'string' && own.message) return { message: own.message };
  if (Array.isArray(errors)) {
    const index = errors.findIndex((e) => e?.message);
    if (index >= 0) return { message: errors[index].message as string, index };
  }
  return undefined;
}

/**
 * A list of short texts entered one at a time (codes, phones, CNPJs): Enter or the add button
 * adds what is typed, each tag can be removed, and the form's errors for the list or for one of
 * its entries show under the field, with that entry marked.
 */
export function TagsInput({
  source,
  label,
  mask = (v) => v,
  tagError,
  display = (v) => v,
  isRequired,
  helperText,
}: TagsInputProps) {
  const translate = useTranslate();
  const { field } = useInput({ source, defaultValue: [] });
  const { errors, isSubmitted } = useFormState({ name: source });
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string | null>(null);
  const inputId = useId();
  const tags: string[] = Array.isArray(field.value) ? field.value : [];
  const error = listError(get(errors, source));
  const showError = draftError ?? (error && (isSubmitted || get(errors, source)) ? error.message : null);

  const add = () => {
    const value = mask(draft.trim());
    if (!value) return;
    // The same entry twice is refused where it is typed (the list would hold it twice until saved).
    const problem = tags.includes(value) ? 'validation.jaNaLista' : (tagError?.(value) ?? null);
    if (problem) {
      setDraftError(problem);
      return;
    }
    field.onChange([...tags, value]);
    field.onBlur();
    setDraft('');
    setDraftError(null);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };

  return (
    <Box sx={{ mb: 2, width: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <TextField
          id={inputId}
          label={`${translate(label)}${isRequired ? ' *' : ''}`}
          value={draft}
          onChange={(event) => {
            setDraft(mask(event.target.value));
            setDraftError(null);
          }}
          onKeyDown={onKeyDown}
          error={Boolean(showError)}
          size="small"
          sx={{ flex: 1 }}
        />
        <IconButton aria-label={translate('ra.action.add')} onClick={add}>
          <AddIcon />
        </IconButton>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 1 }} role="list" aria-label={translate(label)}>
        {tags.map((tag, index) => (
          <Chip
            key={`${tag}-${index}`}
            role="listitem"
            label={display(tag)}
            // A long tag (an e-mail address) is cut with an ellipsis at the field's width, whole on hover.
            title={display(tag)}
            sx={{ maxWidth: '100%' }}
            color={error?.index === index ? 'error' : 'default'}
            onDelete={() => {
              field.onChange(tags.filter((_, i) => i !== index));
              field.onBlur();
            }}
          />
        ))}
      </Box>
      {showError ? (
        <FormHelperText error>
          <ValidationError error={showError} />
        </FormHelperText>
      ) : (
        helperText && <FormHelperText>{translate(helperText)}</FormHelperText>
      )}
    </Box>
  );
}
