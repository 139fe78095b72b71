import '@mantine/tiptap/styles.css';
import { Button, Group, Input, Stack } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { RICH_TEXT_HEIGHT } from '@shared/constants';

interface RichTextFieldProps {
  label: string;
  /** The HTML the editor starts with; later changes of this prop are not applied. */
  initialValue: string;
  onChange(html: string): void;
  /** Words the server fills in; a button per placeholder inserts `{name}` at the cursor. */
  placeholders?: readonly string[];
  error?: string;
}

/** An HTML text in the rich-text editor (spec §9: 350 px high), with placeholder buttons. */
export function RichTextField({ label, initialValue, onChange, placeholders = [], error }: RichTextFieldProps) {
  const { t } = useTranslation('venueSetup');
  const labelId = useId();
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false }), Link],
    content: initialValue,
    editorProps: {
      attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-labelledby': labelId },
    },
    onUpdate: ({ editor: current }) => onChange(current.getHTML()),
  });

  return (
    <Stack gap={4}>
      <Input.Label id={labelId} component="div">
        {label}
      </Input.Label>
      {placeholders.length > 0 && (
        <Group gap={4} role="group" aria-label={t('emails.placeholders')}>
          {placeholders.map((name) => (
            <Button
              key={name}
              size="compact-xs"
              radius="xl"
              variant="light"
              aria-label={t('emails.insertPlaceholder', { placeholder: `{${name}}` })}
              onClick={() => editor?.chain().focus().insertContent(`{${name}}`).run()}
            >
              {`{${name}}`}
            </Button>
          ))}
        </Group>
      )}
      <RichTextEditor
        editor={editor}
        labels={{
          boldControlLabel: t('editor.bold'),
          italicControlLabel: t('editor.italic'),
          underlineControlLabel: t('editor.underline'),
          bulletListControlLabel: t('editor.bulletList'),
          orderedListControlLabel: t('editor.orderedList'),
          linkControlLabel: t('editor.link'),
          unlinkControlLabel: t('editor.unlink'),
          h2ControlLabel: t('editor.heading'),
          undoControlLabel: t('editor.undo'),
          redoControlLabel: t('editor.redo'),
        }}
      >
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.H2 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content h={RICH_TEXT_HEIGHT} style={{ overflowY: 'auto' }} />
      </RichTextEditor>
      {error && <Input.Error>{error}</Input.Error>}
    </Stack>
  );
}
