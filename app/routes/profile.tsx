export default function Profile() {
  return null;
}
