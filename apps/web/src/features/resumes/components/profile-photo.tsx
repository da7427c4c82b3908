import { initialsOf } from './resume-facts';

/** A round photo, or the person's initials when there is none. */
export function ProfilePhoto({ src, name, size = 96 }: { src: string | null; name: string; size?: number }) {
  if (src) {
    return (
      <img
        className="profile-photo"
        src={src}
        alt={name ? `Photo of ${name}` : 'Profile photo'}
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
      />
    );
  }
  return (
    <span className="profile-photo profile-photo--initials" style={{ width: size, height: size }} aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}
