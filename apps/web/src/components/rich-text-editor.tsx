import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Space, Tooltip } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A small rich-text editor (bold, italic, headings, lists, links) for HTML content such as
 * welcome mails. What it produces is sanitised again on the server.
 */
export const RichTextEditor = ({
  value,
  onChange,
  label,
}: {
  value?: string;
  onChange?: (html: string) => void;
  label: string;
}) => {
  const { t } = useTranslation();
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false } })],
    content: value ?? '',
    onUpdate: ({ editor: current }) => onChange?.(current.isEmpty ? '' : current.getHTML()),
    editorProps: {
      attributes: {
        'aria-label': label,
        role: 'textbox',
        'aria-multiline': 'true',
        style: 'min-height:220px;padding:8px 12px;outline:none',
      },
    },
  });
  // Follow a value set from outside (a form reset or a newly loaded row).
  useEffect(() => {
    if (editor && value !== undefined && value !== editor.getHTML())
      editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  if (!editor) return null;
  const setLink = () => {
    const href = window.prompt(t('editor.linkPrompt'), editor.getAttributes('link').href ?? 'https://');
    if (href === null) return;
    if (href === '') editor.chain().focus().unsetLink().run();
    else editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
  };
  const tool = (key: string, icon: React.ReactNode, active: boolean, run: () => void) => (
    <Tooltip key={key} title={t(`editor.${key}`)}>
      <Button
        size="small"
        type={active ? 'primary' : 'text'}
        icon={icon}
        aria-label={t(`editor.${key}`)}
        aria-pressed={active}
        onClick={run}
      />
    </Tooltip>
  );
  return (
    <div style={{ border: '1px solid var(--ant-color-border)', borderRadius: 6 }}>
      <Space size={2} style={{ padding: 4, borderBottom: '1px solid var(--kassa-border)', width: '100%' }} wrap>
        {tool('bold', <BoldOutlined />, editor.isActive('bold'), () => editor.chain().focus().toggleBold().run())}
        {tool('italic', <ItalicOutlined />, editor.isActive('italic'), () =>
          editor.chain().focus().toggleItalic().run(),
        )}
        {tool('heading', <strong>{t('editor.headingShort')}</strong>, editor.isActive('heading', { level: 2 }), () =>
          editor.chain().focus().toggleHeading({ level: 2 }).run(),
        )}
        {tool('bulletList', <UnorderedListOutlined />, editor.isActive('bulletList'), () =>
          editor.chain().focus().toggleBulletList().run(),
        )}
        {tool('orderedList', <OrderedListOutlined />, editor.isActive('orderedList'), () =>
          editor.chain().focus().toggleOrderedList().run(),
        )}
        {tool('link', <LinkOutlined />, editor.isActive('link'), setLink)}
      </Space>
      <EditorContent editor={editor} />
    </div>
  );
};
