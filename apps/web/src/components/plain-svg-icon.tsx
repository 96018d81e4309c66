import { forwardRef, memo, type ComponentProps, type ElementType, type ReactNode, type Ref } from 'react';
import SvgIcon from '@mui/material/SvgIcon';
import './plain-svg-icon.css';

// MUI's icon props, and `component` (another root element), which MUI's typing leaves to its overloads.
type IconProps = ComponentProps<typeof SvgIcon> & { component?: ElementType };

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * MUI's `createSvgIcon`, which every icon of `@mui/icons-material` and MUI's own inner icons are made with
 * (decision 092): the build points MUI's module here (`plain-svg-icons.ts`). An icon used as they nearly all are —
 * a size, a colour, a class from its parent — is a plain `<svg>` with MUI's class names, styled by
 * `plain-svg-icon.css`; one with `sx` or another root element still renders MUI's `SvgIcon`. An icon is the
 * commonest component on a screen (a list row has two or three), and MUI's styles its own each time.
 */
export default function createSvgIcon(path: ReactNode, displayName: string) {
  function PlainSvgIcon(props: IconProps, ref: Ref<SVGSVGElement>) {
    const testId = process.env.NODE_ENV === 'production' ? undefined : `${displayName}Icon`;
    if (props.sx !== undefined || props.component !== undefined || props.classes !== undefined) {
      return (
        <SvgIcon data-testid={testId} ref={ref} {...props}>
          {path}
        </SvgIcon>
      );
    }
    const {
      className,
      color = 'inherit',
      fontSize = 'medium',
      htmlColor,
      inheritViewBox = false,
      titleAccess,
      viewBox = '0 0 24 24',
      children: _children,
      ...svgProps
    } = props;
    const classes = ['MuiSvgIcon-root', `MuiSvgIcon-fontSize${capitalize(fontSize)}`];
    if (color !== 'inherit') classes.push(`MuiSvgIcon-color${capitalize(color)}`);
    if (className) classes.push(className);
    return (
      <svg
        data-testid={testId}
        {...svgProps}
        ref={ref}
        className={classes.join(' ')}
        focusable="false"
        color={htmlColor}
        aria-hidden={titleAccess ? undefined : true}
        role={titleAccess ? 'img' : undefined}
        viewBox={inheritViewBox ? undefined : viewBox}
      >
        {path}
        {titleAccess ? <title>{titleAccess}</title> : null}
      </svg>
    );
  }
  PlainSvgIcon.displayName = `${displayName}Icon`;
  const Icon = memo(forwardRef(PlainSvgIcon));
  // MUI finds icons among a component's children by this name (an adornment, a list item's icon).
  return Object.assign(Icon, { muiName: (SvgIcon as unknown as { muiName: string }).muiName });
}
