"""Checks that every POM of the Maven projects has the CMake project's version."""
import re
import sys
import xml.etree.ElementTree as ET

root = sys.argv[1]
cmake = open(root + "/cmake/KgpuInstall.cmake").read()
want = re.search(r"set\(KGPU_PACKAGE_VERSION ([0-9.]+)\)", cmake).group(1)
ns = {"m": "http://maven.apache.org/POM/4.0.0"}
poms = ["java/pom.xml", "java/api/pom.xml", "java/host/pom.xml", "kotlin/pom.xml", "kotlin/host/pom.xml"]
bad = 0
for pom in poms:
    tree = ET.parse(root + "/" + pom).getroot()
    for where in ["m:version", "m:parent/m:version"]:
        el = tree.find(where, ns)
        if el is not None and el.text != want:
            print("%s: %s is %s, not %s (KGPU_PACKAGE_VERSION)" % (pom, where, el.text, want))
            bad += 1
if bad:
    sys.exit(1)
print("%d POMs at version %s, the CMake project's" % (len(poms), want))
