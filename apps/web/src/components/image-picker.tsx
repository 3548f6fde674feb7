import { ActionIcon, Button, FileButton, Group, Image, Input, SimpleGrid, Text } from '@mantine/core';
import { IMAGE_ACCEPT } from '@panel/shared';
import { IconPhotoPlus, IconX } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import classes from './image-picker.module.css';

interface ImagePickerProps {
  label: string;
  /** Under the label, e.g. "JPG, PNG o GIF, hasta 10MB cada una". */
  hint: string;
  files: File[];
  /** Files chosen now (not yet checked). */
  onAdd: (files: File[]) => void;
  onRemove: (index: number) => void;
  multiple?: boolean;
  buttonLabel: string;
  error?: string | null;
  disabled?: boolean;
  required?: boolean;
}

/** Choosing images with previews and removal; the checks belong to the form that uses it. */
export function ImagePicker({
  label,
  hint,
  files,
  onAdd,
  onRemove,
  multiple = false,
  buttonLabel,
  error,
  disabled,
  required,
}: ImagePickerProps) {
  const previews = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(
    () => () => {
      for (const url of previews) URL.revokeObjectURL(url);
    },
    [previews],
  );

  const trigger = (props: { onClick: () => void }) => (
    <Button
      {...props}
      variant="light"
      leftSection={<IconPhotoPlus size={16} aria-hidden />}
      disabled={disabled}
    >
      {buttonLabel}
    </Button>
  );

  return (
    <Input.Wrapper label={label} description={hint} error={error} withAsterisk={required}>
      <Group mt={6} gap="sm">
        {multiple ? (
          <FileButton
            onChange={(chosen: File[]) => onAdd(chosen)}
            accept={IMAGE_ACCEPT}
            multiple
            disabled={disabled}
          >
            {trigger}
          </FileButton>
        ) : (
          <FileButton
            onChange={(chosen: File | null) => onAdd(chosen ? [chosen] : [])}
            accept={IMAGE_ACCEPT}
            disabled={disabled}
          >
            {trigger}
          </FileButton>
        )}
        {files.length > 0 && (
          <Text size="xs" c="dimmed">
            {files.length === 1 ? '1 imagen elegida' : `${files.length} imágenes elegidas`}
          </Text>
        )}
      </Group>
      {files.length > 0 && (
        <SimpleGrid cols={{ base: 3, xs: multiple ? 5 : 3 }} spacing="xs" mt="sm">
          {files.map((file, index) => (
            <div key={previews[index]} className={classes.tile}>
              <Image src={previews[index]} alt={`Vista previa de ${file.name}`} className={classes.preview} />
              <ActionIcon
                className={classes.remove}
                size="sm"
                radius="xl"
                color="dark"
                variant="filled"
                aria-label={`Quitar ${file.name}`}
                title="Quitar imagen"
                onClick={() => onRemove(index)}
                disabled={disabled}
              >
                <IconX size={14} aria-hidden />
              </ActionIcon>
            </div>
          ))}
        </SimpleGrid>
      )}
    </Input.Wrapper>
  );
}
