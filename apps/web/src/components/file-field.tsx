import { useId, useRef, useState } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import UploadFile from '@mui/icons-material/UploadFile';
import { DEFAULT_UPLOAD_EXTENSIONS, checkFile, type FileRule } from '@planpiso/domain';

type Props<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  rule?: FileRule;
  disabled?: boolean;
};

/**
 * A single-file input bound to react-hook-form. The domain's `checkFile` vets extension and size (spec 1 §5)
 * before the file reaches the form: a refused file leaves the field empty and shows why.
 */
export function FileField<T extends FieldValues>({ control, name, label, rule, disabled }: Props<T>) {
  const { field, fieldState } = useController({ control, name });
  const [refused, setRefused] = useState<string | null>(null);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const file = field.value as File | null | undefined;
  const message = refused ?? fieldState.error?.message;
  const extensions = rule?.extensions ?? DEFAULT_UPLOAD_EXTENSIONS;

  const pick = (chosen: File | undefined) => {
    if (!chosen) return;
    const problem = checkFile(chosen, rule);
    setRefused(problem);
    field.onChange(problem ? null : chosen);
  };

  return (
    <Box>
      <Typography
        component="label"
        id={`${id}-label`}
        htmlFor={id}
        variant="body2"
        sx={{ display: 'block', mb: 1, fontWeight: 600 }}
      >
        {label}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        {/* A real button clicking the hidden input: MUI's component="label" gives a <label> the button role (axe:
            aria-allowed-role). The input keeps the field's label, which describes the button. */}
        <Button
          variant="outlined"
          startIcon={<UploadFile />}
          disabled={disabled}
          aria-describedby={`${id}-label`}
          onClick={() => input.current?.click()}
        >
          Seleccionar archivo
        </Button>
        <input
          ref={input}
          id={id}
          type="file"
          hidden
          accept={extensions.join(',')}
          onChange={(e) => {
            pick(e.target.files?.[0]);
            e.target.value = '';
          }}
          onBlur={field.onBlur}
        />
        <Typography variant="body2" color={file ? 'text.primary' : 'text.secondary'}>
          {file ? file.name : extensions.join(', ')}
        </Typography>
      </Box>
      {message && <FormHelperText error>{message}</FormHelperText>}
    </Box>
  );
}
