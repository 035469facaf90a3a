#!/bin/sh
# nv64.sh KGPU_TRANSLATE KGPU_RUN WORKDIR: nv64.kgc on Vulkan and the CPU
# target; prints per kernel and device how many of out[0..255] are not 0
# and the first values.
T=$1; R=$2; W=$3; here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$W"
$T "$here/nv64.kgc" --targets=cpu,vulkan -o "$W/nv64.kgpu" || exit 1
python3 -c "import struct; open('$W/p', 'wb').write(struct.pack('<256Q', *([0xfedcba9876543210, (-81985529216486895) & (2**64 - 1)] * 128)))"
python3 -c "import struct; open('$W/p3', 'wb').write(struct.pack('<256q', *([-81985529216486895] * 256)))"
S2="--arg s2=0xfedcba9876543210"; S3="--arg s3=-81985529216486895"
SPL="--arg lo=0x76543210 --arg hi=0xfedcba98"; SPL3="--arg lo3=0x789abcef --arg hi3=0xfedcba98"
for k in a_push:"$S3" a_branch:"$S3 --arg d0=-2.25" a_bcmp:"$S3 --arg d0=-2.25" a_bshl:"$S3 --arg d0=-2.25" a_bsplit:"$S3 --arg d0=-2.25" a_bsub:"$S3 --arg d0=-2.25" c_local:"$S2" c_nolocal:"$S2" a_cmp:"$S3" a_add:"$S3" a_ubuf:"--arg p=@$W/p3" a_vbuf:"--arg p=@$W/p3" \
         a_split:"--arg lo=0x789abcef --arg hi=0xfedcba98" b_push:"$S2 $S3" b_one:"$S2" \
         b_ubuf:"--arg p=@$W/p" b_split:"$SPL $SPL3"; do
  name=${k%%:*}; args=${k#*:}
  for d in vulkan cpu; do
    rm -f "$W/o"
    $R "$W/nv64.kgpu" --device $d --kernel $name $args --arg out=zeros:256 --grid 2 --local 64 \
       --out out="$W/o" >/dev/null 2>"$W/err" || { echo "$name $d: error $(tail -1 "$W/err")"; continue; }
    python3 "$here/nv64show.py" "$W/o" $name $d
  done
done
