# Sourced by dist.sh: docfiles lists README.md, LICENSE and every file the
# README links, then the files those link in turn (a linked folder brings
# its files), relative to the source folder, each once. So a release
# carries every page its README points to, the service samples included.
docfiles() {
	local queue=(README.md LICENSE) seen=" README.md LICENSE " f dir link target t
	while [ ${#queue[@]} -gt 0 ]; do
		f=${queue[0]} queue=("${queue[@]:1}")
		echo "$f"
		case $f in *.md) ;; *) continue ;; esac
		dir=$(dirname "$f")
		for link in $(grep -o '](\([^)#: ]*\)' "$f" | sed 's/^](//' | sort -u); do
			target=$(realpath -m --relative-to=. "$dir/$link")
			case $target in ../* | .) continue ;; esac
			local found=()
			if [ -d "$target" ]; then
				mapfile -t found < <(find "$target" -type f | sort)
			elif [ -f "$target" ]; then
				found=("$target")
			fi
			for t in ${found[@]+"${found[@]}"}; do
				case $seen in *" $t "*) ;; *) seen+="$t " queue+=("$t") ;; esac
			done
		done
	done
}
